package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.scene.ContentDigest;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.FkErrorBound;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * The robot as collision bodies: one body per link with collision geometry plus one per attached
 * object, each a list of convex pieces in the link frame with a Euclidean margin (padding plus any
 * covering gap of a hull plus the certified rounding of the piece's placement by forward kinematics), and bounding
 * spheres per piece and per body for culling. Also fixes which
 * body pairs are checked (self pairs not allowed by the ACM) and which bodies meet the environment.
 *
 * <p>Every approximation grows the robot: primitives are exact, meshes are covered by convex pieces
 * ({@link ConvexPieceProvider}, one hull by default), padding and scale only grow. So a distance
 * measured on this model never exceeds the distance of the real geometry.
 *
 * <p>Immutable and safe to share between threads; queries keep their scratch in a per-thread context.
 */
public final class RobotCollisionModel {
    private final KinematicModel kinematics;
    private final String[] bodyName;
    private final int[] bodyLink;
    private final boolean[] bodyAttached;
    private final double[] bodySphere; // 4 per body: centre (link frame), radius (margins included)
    private final int[] bodyPieceStart; // pieces of body b: [start[b], start[b+1])
    private final ConvexShape[] pieceShape; // in the link frame
    private final double[] pieceMargin;
    private final double[] pieceFkSlack; // part of pieceMargin: forward-kinematics and element-origin rounding
    private final double[] pieceSphere; // 4 per piece: centre (link frame), radius (margin included)
    private final int[] pieceBody;
    private final int[] coverStart; // covering spheres of piece p: [coverStart[p], coverStart[p+1])
    private final double[] cover; // 4 per covering sphere: centre (link frame), radius (margin included)
    private final int[] selfPairs; // body pairs (a, b), a < b, flattened
    private final boolean[] bodyMeetsEnvironment;
    private final AllowedCollisionMatrix acm;
    private final PieceOrigin[] pieceOrigin;
    private final ConvexShape[] elementShape; // per piece, in its collision element's frame (scaled)
    private final List<AllowedPair> allowedPairs;
    private final List<AttachedObject> attachedObjects;
    private final String contentHash;

    private RobotCollisionModel(Builder b, List<BodyData> bodies, List<AllowedPair> allowedPairs, String hash) {
        this.kinematics = b.kinematics;
        this.acm = b.acm.build();
        int nb = bodies.size();
        bodyName = new String[nb];
        bodyLink = new int[nb];
        bodyAttached = new boolean[nb];
        bodySphere = new double[4 * nb];
        bodyPieceStart = new int[nb + 1];
        int np = bodies.stream().mapToInt(x -> x.shapes.size()).sum();
        pieceShape = new ConvexShape[np];
        pieceMargin = new double[np];
        pieceFkSlack = new double[np];
        pieceSphere = new double[4 * np];
        pieceBody = new int[np];
        pieceOrigin = new PieceOrigin[np];
        elementShape = new ConvexShape[np];
        this.allowedPairs = List.copyOf(allowedPairs);
        this.attachedObjects = List.copyOf(b.attached);
        int p = 0;
        for (int i = 0; i < nb; i++) {
            BodyData bd = bodies.get(i);
            bodyName[i] = bd.name;
            bodyLink[i] = bd.link;
            bodyAttached[i] = bd.attached;
            bodyPieceStart[i] = p;
            for (int k = 0; k < bd.shapes.size(); k++, p++) {
                pieceShape[p] = bd.shapes.get(k);
                pieceMargin[p] = bd.margins.get(k);
                pieceFkSlack[p] = bd.fkSlack.get(k);
                System.arraycopy(bd.spheres.get(k), 0, pieceSphere, 4 * p, 4);
                pieceBody[p] = i;
                pieceOrigin[p] = bd.origins.get(k);
                elementShape[p] = bd.elementShapes.get(k);
            }
            enclose(bodySphere, i, pieceSphere, bodyPieceStart[i], p);
        }
        bodyPieceStart[nb] = p;
        coverStart = new int[np + 1];
        List<double[]> covers = new ArrayList<>();
        int spheres = 0;
        for (int i = 0; i < np; i++) {
            coverStart[i] = spheres;
            double[] c = CoveringSpheres.of(pieceShape[i], pieceMargin[i]);
            covers.add(c);
            spheres += c.length / 4;
        }
        coverStart[np] = spheres;
        cover = new double[4 * spheres];
        for (int i = 0; i < np; i++) {
            System.arraycopy(covers.get(i), 0, cover, 4 * coverStart[i], covers.get(i).length);
        }
        List<Integer> pairs = new ArrayList<>();
        bodyMeetsEnvironment = new boolean[nb];
        for (int i = 0; i < nb; i++) {
            bodyMeetsEnvironment[i] = !acm.isAllowed(bodyName[i], AllowedCollisionMatrix.ENVIRONMENT);
            for (int j = i + 1; j < nb; j++) {
                if (!acm.isAllowed(bodyName[i], bodyName[j])) {
                    pairs.add(i);
                    pairs.add(j);
                }
            }
        }
        selfPairs = pairs.stream().mapToInt(Integer::intValue).toArray();
        this.contentHash = hash;
    }

    // Sphere enclosing the piece spheres: centre = their centroid, radius = max reach.
    private static void enclose(double[] dest, int b, double[] s, int from, int to) {
        double cx = 0, cy = 0, cz = 0;
        for (int p = from; p < to; p++) {
            cx += s[4 * p];
            cy += s[4 * p + 1];
            cz += s[4 * p + 2];
        }
        int n = to - from;
        cx /= n;
        cy /= n;
        cz /= n;
        double r = 0;
        for (int p = from; p < to; p++) {
            double dx = s[4 * p] - cx, dy = s[4 * p + 1] - cy, dz = s[4 * p + 2] - cz;
            r = Math.max(r, Math.sqrt(dx * dx + dy * dy + dz * dz) + s[4 * p + 3]);
        }
        dest[4 * b] = cx;
        dest[4 * b + 1] = cy;
        dest[4 * b + 2] = cz;
        dest[4 * b + 3] = r * (1 + 1e-12) + 1e-12;
    }

    public static Builder builder(RobotDescription description, KinematicModel kinematics) {
        return new Builder(description, kinematics);
    }

    public KinematicModel kinematics() {
        return kinematics;
    }

    public AllowedCollisionMatrix allowedCollisions() {
        return acm;
    }

    /** SHA-256 of everything that decides collisions: kinematics, geometry, margins, attached objects, ACM pairs. */
    public String contentHash() {
        return contentHash;
    }

    public int bodyCount() {
        return bodyName.length;
    }

    public String bodyName(int body) {
        return bodyName[body];
    }

    /** Index of a body by name (link or attached object); IllegalArgumentException if none. */
    public int bodyIndex(String name) {
        for (int i = 0; i < bodyName.length; i++) {
            if (bodyName[i].equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("robot has no collision body '" + name + "'");
    }

    /** Kinematic link index the body moves with. */
    public int bodyLink(int body) {
        return bodyLink[body];
    }

    public boolean isAttached(int body) {
        return bodyAttached[body];
    }

    public boolean meetsEnvironment(int body) {
        return bodyMeetsEnvironment[body];
    }

    /** Whether the body is checked against the named obstacle. */
    public boolean checks(int body, String obstacleName) {
        return bodyMeetsEnvironment[body] && !acm.isAllowed(bodyName[body], obstacleName);
    }

    /** Body bounding sphere component k (0..2 centre in the link frame, 3 radius incl. margins). */
    public double bodySphere(int body, int k) {
        return bodySphere[4 * body + k];
    }

    public int pieceStart(int body) {
        return bodyPieceStart[body];
    }

    public int pieceEnd(int body) {
        return bodyPieceStart[body + 1];
    }

    public int pieceCount() {
        return pieceShape.length;
    }

    /** Convex piece in the link frame (without its margin). */
    public ConvexShape pieceShape(int piece) {
        return pieceShape[piece];
    }

    /**
     * Euclidean margin to subtract from distances measured to {@link #pieceShape}: padding, the covering gap of a
     * hull, and {@link #pieceFkSlack}. Every consumer that can answer "free" subtracts it, so each includes the
     * forward-kinematics error through this one number.
     */
    public double pieceMargin(int piece) {
        return pieceMargin[piece];
    }

    /**
     * The part of {@link #pieceMargin} that covers rounding of the piece's placement: the kinematics'
     * {@link io.collide4j.kinematics.FkErrorBound} at the piece's radius about the link origin, plus the error of
     * the collision element's (or attached object's) origin pose. Metres; typically 1e-15 to 1e-13.
     */
    public double pieceFkSlack(int piece) {
        return pieceFkSlack[piece];
    }

    /** Piece bounding sphere component k (0..2 centre in the link frame, 3 radius incl. margin). */
    public double pieceSphere(int piece, int k) {
        return pieceSphere[4 * piece + k];
    }

    /** First covering sphere of a piece ({@link CoveringSpheres}: their union contains the piece grown by its margin). */
    public int coverStart(int piece) {
        return coverStart[piece];
    }

    /** One past the last covering sphere of a piece. */
    public int coverEnd(int piece) {
        return coverStart[piece + 1];
    }

    /** Covering sphere component k (0..2 centre in the link frame, 3 radius incl. the piece's margin). */
    public double coverSphere(int sphere, int k) {
        return cover[4 * sphere + k];
    }

    public int pieceBody(int piece) {
        return pieceBody[piece];
    }

    /** Which collision element of its link a piece covers, and how (for certificate witnesses). */
    public PieceOrigin pieceOrigin(int piece) {
        return pieceOrigin[piece];
    }

    /**
     * The piece as its provider gave it, in its collision element's (or attached object's) frame, scaled, without its
     * margin: for a {@link PieceOrigin.Kind#DECOMPOSED} piece the hull a certificate's cover tree is written against.
     */
    public ConvexShape pieceElementShape(int piece) {
        return elementShape[piece];
    }

    /** Every pair of bodies the model does not check, with the reason (body order: first &lt; second in body index). */
    /** The attached objects in the order they were attached (each is also a body of the same name). */
    public List<AttachedObject> attachedObjects() {
        return attachedObjects;
    }

    public List<AllowedPair> allowedPairs() {
        return allowedPairs;
    }

    /** Number of checked self pairs of bodies. */
    public int selfPairCount() {
        return selfPairs.length / 2;
    }

    public int selfPairA(int pair) {
        return selfPairs[2 * pair];
    }

    public int selfPairB(int pair) {
        return selfPairs[2 * pair + 1];
    }

    /** For people (CLI, reports): "11 bodies, 11 pieces, 21 self pairs"; {@link #toString} is for logs. */
    public String summary() {
        return bodyCount() + " bodies, " + pieceCount() + " pieces, " + selfPairCount() + " self pairs";
    }

    @Override
    public String toString() {
        return "RobotCollisionModel[" + kinematics.name() + ", " + bodyCount() + " bodies, " + pieceCount()
                + " pieces, " + selfPairCount() + " self pairs]";
    }

    private static final class BodyData {
        final String name;
        final int link;
        final boolean attached;
        final List<ConvexShape> shapes = new ArrayList<>();
        final List<Double> margins = new ArrayList<>();
        final List<Double> fkSlack = new ArrayList<>();
        final List<double[]> spheres = new ArrayList<>();
        final List<PieceOrigin> origins = new ArrayList<>();
        final List<ConvexShape> elementShapes = new ArrayList<>();

        BodyData(String name, int link, boolean attached) {
            this.name = name;
            this.link = link;
            this.attached = attached;
        }

        /**
         * Adds pieces given in an element frame placed at {@code origin} in the link frame. Each piece's margin grows
         * by its placement slack: the FK error bound of the link at the piece's radius about the link origin, plus
         * the origin pose's own error at the piece's radius about the element origin (carried through the link
         * rotation, norm ≤ 1 + its error).
         */
        void add(ConvexPieceProvider.Pieces pieces, Pose origin, double padding, FkErrorBound fk, PieceOrigin from) {
            Matrix4d m = origin.toMatrix(new Matrix4d());
            double[] b = new double[6];
            for (ConvexShape s : pieces.shapes()) {
                s.localBounds(b);
                double lx = (b[0] + b[3]) / 2, ly = (b[1] + b[4]) / 2, lz = (b[2] + b[5]) / 2;
                Vector3d c = m.transformPosition(new Vector3d(lx, ly, lz));
                double hx = (b[3] - b[0]) / 2, hy = (b[4] - b[1]) / 2, hz = (b[5] - b[2]) / 2;
                double half = Math.sqrt(hx * hx + hy * hy + hz * hz) * (1 + 1e-12) + 1e-12;
                double radiusInElement = Math.sqrt(lx * lx + ly * ly + lz * lz) * (1 + 1e-12) + half;
                double radiusInLink = c.length() * (1 + 1e-12) + half + origin.pointError(radiusInElement);
                double slack = fk.pointError(link, radiusInLink)
                        + (1 + fk.rotation(link)) * origin.pointError(radiusInElement);
                double margin = pieces.margin() + padding + slack;
                shapes.add(isIdentity(origin) ? s : Shapes.transformed(s, m));
                margins.add(margin);
                fkSlack.add(slack);
                spheres.add(new double[] {c.x, c.y, c.z, half + margin});
                origins.add(from);
                elementShapes.add(s);
            }
        }
    }

    private static boolean isIdentity(Pose p) {
        return p.equals(Pose.IDENTITY);
    }

    /** Assembles a model; single-threaded. */
    public static final class Builder {
        private final RobotDescription description;
        private final KinematicModel kinematics;
        private final AllowedCollisionMatrix.Builder acm = AllowedCollisionMatrix.builder();
        private Inflation inflation = Inflation.none();
        private ConvexPieceProvider provider = ConvexPieceProvider.hull();
        private String providerName = "hull";
        private final Map<String, ConvexPieceProvider> linkProvider = new java.util.TreeMap<>();
        private final Map<String, String> linkProviderName = new java.util.TreeMap<>();
        private boolean adjacent = true;
        private final List<AttachedObject> attached = new ArrayList<>();
        private final List<String[]> userAllow = new ArrayList<>();
        private final Map<String, Double> hold = new java.util.TreeMap<>();
        private SemanticDescription srdf;

        private Builder(RobotDescription description, KinematicModel kinematics) {
            this.description = description;
            this.kinematics = kinematics;
        }

        /** Adds the SRDF's disabled collision pairs. */
        public Builder srdf(SemanticDescription srdf) {
            this.srdf = srdf;
            return this;
        }

        /** Whether adjacent links are allowed to touch (default true, as MoveIt). */
        public Builder allowAdjacentLinks(boolean allow) {
            this.adjacent = allow;
            return this;
        }

        /** A user allowed-collision entry (body or obstacle names, or {@link AllowedCollisionMatrix#ENVIRONMENT}). */
        public Builder allow(String a, String b) {
            userAllow.add(new String[] {a, b});
            return this;
        }

        public Builder inflation(Inflation inflation) {
            this.inflation = inflation;
            return this;
        }

        /** How meshes become convex pieces; {@code name} goes into the content hash. */
        public Builder pieces(ConvexPieceProvider provider, String name) {
            this.provider = provider;
            this.providerName = name;
            return this;
        }

        /**
         * How the meshes of one link become convex pieces, overriding {@link #pieces(ConvexPieceProvider, String)}
         * for that link; {@code name} goes into the content hash. Unknown link names fail in {@link #build()}.
         */
        public Builder pieces(String link, ConvexPieceProvider provider, String name) {
            linkProvider.put(link, provider);
            linkProviderName.put(link, name);
            return this;
        }

        /** Every mesh link as a convex decomposition cached in the default cache directory. */
        public Builder decompose(DecompositionParameters params) {
            DecompositionPieces d = DecompositionPieces.cached(params);
            return pieces(d, d.name());
        }

        /** One link's meshes as a convex decomposition cached in the default cache directory. */
        public Builder decompose(String link, DecompositionParameters params) {
            DecompositionPieces d = DecompositionPieces.cached(params);
            return pieces(link, d, d.name());
        }

        public Builder attach(AttachedObject object) {
            attached.add(object);
            return this;
        }

        /**
         * The value a joint is held at (outside the planning group). Checked in {@link #build()}: the joint must
         * exist and the value lie within its limits; held values enter the content hash, so a certificate made
         * with other held values does not verify.
         */
        public Builder hold(String joint, double value) {
            hold.put(joint, value);
            return this;
        }

        public RobotCollisionModel build() {
            if (!description.name().equals(kinematics.name())) {
                throw new IllegalArgumentException("description is robot '" + description.name()
                        + "' but the kinematic model is '" + kinematics.name() + "'");
            }
            ContentDigest md = new ContentDigest()
                    .add("collide4j-robot")
                    .add(description.name())
                    .add(providerName);
            for (JointDescription j : description.joints()) {
                md.add(j.name()).add(j.type().name()).add(j.parent()).add(j.child());
                digestPose(md, j.origin());
                md.add(
                        j.axisX(),
                        j.axisY(),
                        j.axisZ(),
                        j.limits().lower(),
                        j.limits().upper());
                md.add(
                        j.mimic() == null
                                ? ""
                                : j.mimic().joint() + "*" + j.mimic().multiplier() + "+"
                                        + j.mimic().offset());
            }
            Map<String, LinkDescription> links = description.linksByName();
            for (String l : linkProvider.keySet()) {
                if (!links.containsKey(l)) {
                    throw new IllegalArgumentException("convex pieces set for link '" + l + "', but robot '"
                            + description.name() + "' has no such link");
                }
            }
            checkNames(links.keySet());
            List<BodyData> bodies = new ArrayList<>();
            Set<String> names = new HashSet<>();
            FkErrorBound fk = kinematics.fkErrorBound();
            for (String linkName : kinematics.linkNames()) {
                LinkDescription ld = links.get(linkName);
                if (ld == null || ld.collisions().isEmpty()) {
                    continue;
                }
                BodyData bd = new BodyData(linkName, kinematics.linkIndex(linkName), false);
                double scale = inflation.scale(linkName), pad = inflation.padding(linkName);
                md.add("link").add(linkName).add(scale).add(pad);
                ConvexPieceProvider linkPieces = linkProvider.getOrDefault(linkName, provider);
                if (linkProvider.containsKey(linkName)) {
                    md.add("pieces").add(linkProviderName.get(linkName));
                }
                for (int e = 0; e < ld.collisions().size(); e++) {
                    GeometryElement ge = ld.collisions().get(e);
                    String what = "link '" + linkName + "' collision " + e;
                    // scale acts in the element frame (about its origin), so the origin itself is unchanged
                    ConvexPieceProvider.Pieces pieces = ConvexConversion.of(ge.geometry(), scale, linkPieces, what);
                    // one piece covering a mesh covers the hull of its vertices (a convex superset of them)
                    PieceOrigin.Kind kind = !(ge.geometry() instanceof Geometry.Mesh)
                            ? PieceOrigin.Kind.PRIMITIVE
                            : pieces.shapes().size() == 1
                                    ? PieceOrigin.Kind.HULL
                                    : pieces.shapes().stream().allMatch(HullShape.class::isInstance)
                                            ? PieceOrigin.Kind.DECOMPOSED
                                            : PieceOrigin.Kind.OTHER;
                    bd.add(pieces, ge.origin(), pad, fk, new PieceOrigin(e, kind, pad, scale));
                    digestPose(md, ge.origin());
                    digestGeometry(md, ge.geometry());
                }
                bodies.add(bd);
                names.add(linkName);
            }
            for (AttachedObject a : attached) {
                if (!names.add(a.name())) {
                    throw new IllegalArgumentException(
                            "attached object '" + a.name() + "' clashes with a body of the same name");
                }
                int link = kinematics.linkIndex(a.link());
                BodyData bd = new BodyData(a.name(), link, true);
                double scale = inflation.scale(a.name()), pad = inflation.padding(a.name());
                ConvexPieceProvider.Pieces pieces =
                        ConvexConversion.of(a.shape(), scale, provider, "attached object '" + a.name() + "'");
                // what the certificate's witness can describe (CertificateWitness.attached): a primitive, a point set
                // or
                // a mesh covered by one hull (ATTACHED: the shape, or the hull of its points), a mesh covered by
                // several hulls (DECOMPOSED, with a cover tree)
                boolean mesh = a.shape() instanceof io.collide4j.checker.scene.ObstacleShape.Mesh;
                PieceOrigin.Kind kind = pieces.shapes().size() == 1
                        ? PieceOrigin.Kind.ATTACHED
                        : mesh && pieces.shapes().stream().allMatch(HullShape.class::isInstance)
                                ? PieceOrigin.Kind.DECOMPOSED
                                : PieceOrigin.Kind.OTHER;
                bd.add(
                        pieces,
                        a.pose(),
                        pad,
                        fk,
                        new PieceOrigin(kind == PieceOrigin.Kind.OTHER ? -1 : 0, kind, pad, scale));
                bodies.add(bd);
                acm.allow(a.name(), a.link());
                a.touchLinks().forEach(t -> acm.allow(a.name(), t));
                md.add("attached").add(a.name()).add(a.link()).add(scale).add(pad);
                digestPose(md, a.pose());
                Scene.digestShape(md, a.shape());
                a.touchLinks().stream().sorted().forEach(md::add);
            }
            if (srdf != null) {
                acm.srdf(srdf);
            }
            // the URDF's own filters (Drake collision_filter_group) hold with or without an SRDF
            description.collisionFilters().forEach(d -> acm.allow(d.link1(), d.link2()));
            if (adjacent) {
                acm.adjacentLinks(description);
            }
            userAllow.forEach(p -> acm.allow(p[0], p[1]));
            AllowedCollisionMatrix built = acm.build();
            for (int i = 0; i < bodies.size(); i++) {
                md.add(built.isAllowed(bodies.get(i).name, AllowedCollisionMatrix.ENVIRONMENT));
                for (int j = i + 1; j < bodies.size(); j++) {
                    md.add(built.isAllowed(bodies.get(i).name, bodies.get(j).name));
                }
            }
            userAllow.stream()
                    .sorted((x, y) -> (x[0] + "\0" + x[1]).compareTo(y[0] + "\0" + y[1]))
                    .forEach(p -> md.add(p[0]).add(p[1]));
            hold.forEach((j, v) -> md.add("hold").add(j).add(v));
            return new RobotCollisionModel(this, bodies, allowedPairs(bodies, built), md.hex());
        }

        /**
         * Every name the caller gave (padding, scale, attach, hold) must be one of the robot's links, attached
         * objects or joints: a typo would otherwise drop the setting silently and could turn a collision into
         * "free".
         */
        private void checkNames(Set<String> linkNames) {
            Set<String> bodies = new java.util.TreeSet<>(linkNames);
            attached.forEach(a -> bodies.add(a.name()));
            for (String b : inflation.paddedBodies()) {
                requireName("padding", "link", b, bodies);
            }
            for (String b : inflation.scaledBodies()) {
                requireName("scale", "link", b, bodies);
            }
            for (AttachedObject a : attached) {
                requireName("attach '" + a.name() + "'", "link", a.link(), linkNames);
                for (String t : a.touchLinks()) {
                    requireName("attach '" + a.name() + "' touch links", "link", t, linkNames);
                }
            }
            Set<String> joints = new java.util.TreeSet<>();
            description.joints().forEach(j -> joints.add(j.name()));
            for (Map.Entry<String, Double> h : hold.entrySet()) {
                requireName("hold", "joint", h.getKey(), joints);
                JointDescription j = description.joint(h.getKey()).orElseThrow();
                double v = h.getValue();
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException(
                            "hold: value of joint " + j.name() + " must be finite, got " + v);
                }
                if (j.type().isMovable()
                        && (v < j.limits().lower() || v > j.limits().upper())) {
                    throw new IllegalArgumentException(
                            "hold: " + j.name() + "=" + v + " is outside the joint's limits ["
                                    + j.limits().lower() + ", " + j.limits().upper() + "]");
                }
            }
        }

        /** The allowed body pairs with the first reason that allows each (see {@link AllowedPair}). */
        private List<AllowedPair> allowedPairs(List<BodyData> bodies, AllowedCollisionMatrix built) {
            AllowedCollisionMatrix adjacency = adjacent
                    ? AllowedCollisionMatrix.builder()
                            .adjacentLinks(description)
                            .build()
                    : AllowedCollisionMatrix.builder().build();
            AllowedCollisionMatrix.Builder sb = AllowedCollisionMatrix.builder();
            if (srdf != null) {
                sb.srdf(srdf);
            }
            AllowedCollisionMatrix bySrdf = sb.build();
            AllowedCollisionMatrix.Builder db = AllowedCollisionMatrix.builder();
            description.collisionFilters().forEach(d -> db.allow(d.link1(), d.link2()));
            AllowedCollisionMatrix byDrake = db.build();
            AllowedCollisionMatrix.Builder ab = AllowedCollisionMatrix.builder();
            for (AttachedObject a : attached) {
                ab.allow(a.name(), a.link());
                a.touchLinks().forEach(t -> ab.allow(a.name(), t));
            }
            AllowedCollisionMatrix byAttach = ab.build();
            List<AllowedPair> out = new ArrayList<>();
            for (int i = 0; i < bodies.size(); i++) {
                for (int j = i + 1; j < bodies.size(); j++) {
                    String x = bodies.get(i).name, y = bodies.get(j).name;
                    if (!built.isAllowed(x, y)) {
                        continue;
                    }
                    String why = adjacency.isAllowed(x, y)
                            ? "Adjacent"
                            : bySrdf.isAllowed(x, y)
                                    ? "SRDF"
                                    : byDrake.isAllowed(x, y)
                                            ? "Drake"
                                            : byAttach.isAllowed(x, y) ? "Attached" : "User";
                    out.add(new AllowedPair(x, y, why));
                }
            }
            return out;
        }

        private void requireName(String field, String kind, String name, Set<String> known) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException(field + ": unknown " + kind + " " + name
                        + io.collide4j.kinematics.format.Suggestions.didYouMean(name, known)
                        + " (robot '" + description.name() + "')");
            }
        }

        private static void digestPose(ContentDigest md, Pose p) {
            md.add(p.x(), p.y(), p.z(), p.qx(), p.qy(), p.qz(), p.qw());
        }

        private static void digestGeometry(ContentDigest md, Geometry g) {
            if (g instanceof Geometry.Box b) {
                md.add("box").add(b.sizeX(), b.sizeY(), b.sizeZ());
            } else if (g instanceof Geometry.Sphere s) {
                md.add("sphere").add(s.radius());
            } else if (g instanceof Geometry.Cylinder c) {
                md.add("cylinder").add(c.radius(), c.length());
            } else {
                Geometry.Mesh m = (Geometry.Mesh) g;
                md.add("mesh");
                m.mesh().ifPresent(t -> md.add(t.copyVertices()).add(t.copyTriangles()));
            }
        }
    }
}
