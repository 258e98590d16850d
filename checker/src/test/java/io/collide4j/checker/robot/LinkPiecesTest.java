package io.collide4j.checker.robot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.HullShape;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Links converted side by side give each element its own pieces, in element order, and report the first failure. */
class LinkPiecesTest {

    /** A tetrahedron with corners 0, s·x, s·y, s·z: its hull's volume is s³/6. */
    private static Geometry.Mesh tetrahedron(double s) {
        TriangleMesh m = new TriangleMesh(
                new double[] {0, 0, 0, s, 0, 0, 0, s, 0, 0, 0, s}, new int[] {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3});
        return new Geometry.Mesh("tet" + s + ".stl", null, 1, 1, 1, Optional.of(m));
    }

    @Test
    void eachElementGetsItsOwnPiecesInOrderWhateverTheThreads() {
        // the provider blocks until two conversions run at once: with two threads they must overlap
        CountDownLatch both = new CountDownLatch(2);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        ConvexPieceProvider waiting = (mesh, what) -> {
            threads.add(Thread.currentThread());
            both.countDown();
            try {
                both.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ConvexPieceProvider.hull().pieces(mesh, what);
        };
        List<LinkPieces.Element> elements = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            elements.add(new LinkPieces.Element(tetrahedron(i), 1, waiting, "element " + i));
        }
        elements.add(2, new LinkPieces.Element(new Geometry.Box(1, 2, 3), 2, waiting, "a box"));
        LinkPieces converted = LinkPieces.convert(elements, 2);
        assertEquals(0, both.getCount(), "two conversions overlapped");
        assertTrue(threads.size() >= 2, "converted on worker threads: " + threads);
        for (int i = 0; i < elements.size(); i++) {
            ConvexPieceProvider.Pieces p = converted.next();
            assertEquals(1, p.shapes().size());
            if (i == 2) {
                assertTrue(!(p.shapes().get(0) instanceof HullShape), "the box stays a primitive");
                continue;
            }
            double s = i < 2 ? i + 1 : i; // the box was inserted at index 2
            HullShape h = (HullShape) p.shapes().get(0);
            assertEquals(s * s * s / 6, h.hull().volume(), 1e-12 * s * s * s, "element " + i);
        }
    }

    @Test
    void theFirstFailureInElementOrderIsReportedEvenWhenALaterOneFailsFirst() {
        CountDownLatch laterFailed = new CountDownLatch(1);
        IllegalArgumentException first = new IllegalArgumentException("first");
        IllegalArgumentException later = new IllegalArgumentException("later");
        ConvexPieceProvider failing = (mesh, what) -> {
            if (what.startsWith("a ")) { // ConvexConversion appends the mesh file name
                try {
                    laterFailed.await(10, TimeUnit.SECONDS); // fail only after the later element has failed
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw first;
            }
            if (what.startsWith("b ")) {
                laterFailed.countDown();
                throw later;
            }
            return ConvexPieceProvider.hull().pieces(mesh, what);
        };
        List<LinkPieces.Element> elements = List.of(
                new LinkPieces.Element(tetrahedron(1), 1, failing, "ok"),
                new LinkPieces.Element(tetrahedron(2), 1, failing, "a"),
                new LinkPieces.Element(tetrahedron(3), 1, failing, "b"));
        LinkPieces converted = LinkPieces.convert(elements, 3);
        converted.next();
        assertSame(first, assertThrows(IllegalArgumentException.class, converted::next));
        assertSame(later, assertThrows(IllegalArgumentException.class, converted::next));
    }

    @Test
    void oneThreadConvertsOnTheCallingThread() {
        String caller = Thread.currentThread().getName();
        List<String> seen = new ArrayList<>(); // not thread-safe on purpose: one thread only
        ConvexPieceProvider recording = (mesh, what) -> {
            seen.add(Thread.currentThread().getName());
            return ConvexPieceProvider.hull().pieces(mesh, what);
        };
        LinkPieces.convert(
                List.of(
                        new LinkPieces.Element(tetrahedron(1), 1, recording, "x"),
                        new LinkPieces.Element(tetrahedron(2), 1, recording, "y")),
                1);
        assertEquals(List.of(caller, caller), seen);
    }
}
