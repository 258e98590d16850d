package io.collide4j.planner.moveit;

import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.AllowedCollisionMatrix;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.planner.Collide4j;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * MoveIt's {@code checkCollision(request, result, state)} on top of a {@link Collide4j}: states are FULL
 * robot configurations (every variable, as a MoveIt RobotState), not group vectors. Requests with ACM,
 * padding or scale edits or a group use a derived model, built once per distinct edit set and cached.
 * Thread-safe.
 */
public final class MoveItStyleChecker {
    private final Collide4j base;
    private final Map<String, Collide4j> variants = new ConcurrentHashMap<>();
    private final ThreadLocal<Map<Collide4j, QueryContext>> contexts =
            ThreadLocal.withInitial(java.util.IdentityHashMap::new);

    public MoveItStyleChecker(Collide4j base) {
        this.base = base;
    }

    /** Checks one full configuration. */
    public CollisionResult checkCollision(CollisionRequest request, double[] fullConfiguration) {
        Collide4j c = variant(request);
        QueryContext ctx = contexts.get().computeIfAbsent(c, x -> x.checker().newContext());
        double d = c.margin();
        boolean free = c.checker().isFree(fullConfiguration, d, ctx);
        Map<CollisionResult.BodyPair, List<CollisionResult.ContactPoint>> map = new LinkedHashMap<>();
        int count = 0;
        if (!free && request.contacts()) {
            // every offending piece pair, closest first; then the per-pair and total caps
            for (Contact ct : c.checker().contacts(fullConfiguration, d, Integer.MAX_VALUE, ctx)) {
                if (count == request.maxContacts()) {
                    break;
                }
                CollisionResult.BodyPair key = new CollisionResult.BodyPair(
                        ct.pair().first(), ct.pair().second());
                List<CollisionResult.ContactPoint> list = map.computeIfAbsent(key, k -> new ArrayList<>());
                if (list.size() < request.maxContactsPerPair()) {
                    list.add(new CollisionResult.ContactPoint(
                            ct.lowerBound(),
                            ct.distance(),
                            Math.max(0, -ct.distance()),
                            ct.pointOnFirst(),
                            ct.pointOnSecond(),
                            ct.normal()));
                    count++;
                }
            }
        }
        double distance = Double.NaN;
        if (request.distance()) {
            Contact closest = c.checker().minimumDistance(fullConfiguration, ctx);
            distance = closest == null ? Double.POSITIVE_INFINITY : closest.lowerBound();
        }
        return new CollisionResult(!free, map, count, distance);
    }

    private Collide4j variant(CollisionRequest r) {
        if (r.allowedCollisions().isEmpty()
                && r.padding().isEmpty()
                && r.scale().isEmpty()
                && r.groupName().isEmpty()) {
            return base;
        }
        StringBuilder key = new StringBuilder(r.groupName()).append('\n');
        r.allowedCollisions()
                .forEach(p -> key.append(p[0]).append('\0').append(p[1]).append('\n'));
        new java.util.TreeMap<>(r.padding())
                .forEach((k, v) ->
                        key.append("p:").append(k).append('=').append(v).append('\n'));
        new java.util.TreeMap<>(r.scale())
                .forEach((k, v) ->
                        key.append("s:").append(k).append('=').append(v).append('\n'));
        return variants.computeIfAbsent(key.toString(), k -> {
            List<String[]> allow = new ArrayList<>(r.allowedCollisions());
            if (!r.groupName().isEmpty()) {
                allow.addAll(outsideGroup(r.groupName()));
            }
            return base.derive(allow, r.padding(), r.scale());
        });
    }

    // MoveIt checks only pairs with a group link: allow every pair of two non-group bodies and non-group vs world.
    private List<String[]> outsideGroup(String group) {
        if (base.semantics() == null) {
            throw new IllegalArgumentException("request group '" + group + "' needs an SRDF");
        }
        Set<String> links = new HashSet<>(
                base.model().kinematics().planningGroup(base.semantics(), group).linkNames());
        RobotCollisionModel m = base.model();
        List<String> outside = new ArrayList<>();
        for (int b = 0; b < m.bodyCount(); b++) {
            String name = m.bodyName(b);
            boolean in = links.contains(name)
                    || (m.isAttached(b) && links.contains(m.kinematics().linkName(m.bodyLink(b))));
            if (!in) {
                outside.add(name);
            }
        }
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < outside.size(); i++) {
            out.add(new String[] {outside.get(i), AllowedCollisionMatrix.ENVIRONMENT});
            for (int j = i + 1; j < outside.size(); j++) {
                out.add(new String[] {outside.get(i), outside.get(j)});
            }
        }
        return out;
    }
}
