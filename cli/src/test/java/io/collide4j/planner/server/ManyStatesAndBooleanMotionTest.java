package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server's {@code isValidMany} (many states in one request) and {@code isMotionFree} (the boolean motion query),
 * against the single-state {@code isValid} and against states sampled along the motion.
 */
class ManyStatesAndBooleanMotionTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final double[] LOWER = {-2.8973, -1.7628, -2.8973, -3.0718, -2.8973, -0.0175, -2.8973};
    private static final double[] UPPER = {2.8973, 1.7628, 2.8973, -0.0698, 2.8973, 3.7525, 2.8973};
    private static CollisionService service;

    @BeforeAll
    static void load() {
        service = new CollisionService();
        call("load", "{\"robot\":\"panda\",\"scene\":\"table_shelf\"}");
    }

    private static Object call(String method, String params) {
        try {
            return service.handle(method, (ObjectNode) MAPPER.readTree(params), RequestContext.unbounded());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    private static JsonNode tree(Object result) {
        return MAPPER.valueToTree(result);
    }

    /** States uniform in these limits (inside the URDF's) widened by 5 %, every 13th with a joint past them. */
    private static List<double[]> states(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] q = new double[7];
            for (int j = 0; j < 7; j++) {
                double span = UPPER[j] - LOWER[j];
                q[j] = LOWER[j] - 0.05 * span + rnd.nextDouble() * 1.1 * span;
            }
            if (i % 13 == 0) {
                q[i % 7] = UPPER[i % 7] + 0.01;
            }
            out.add(q);
        }
        return out;
    }

    private static String json(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean isValid(double[] q) {
        return tree(call("isValid", "{\"q\":" + json(q) + "}")).get("valid").booleanValue();
    }

    private static boolean[] isValidMany(List<double[]> qs) {
        JsonNode v = tree(call("isValidMany", "{\"states\":" + json(qs) + "}")).get("valid");
        boolean[] out = new boolean[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i).booleanValue();
        }
        return out;
    }

    private static boolean isMotionFree(double[] q0, double[] q1) {
        return tree(call("isMotionFree", "{\"q0\":" + json(q0) + ",\"q1\":" + json(q1) + "}"))
                .get("free")
                .booleanValue();
    }

    @Test
    void manyStatesEqualOneAtATimeOnBothPaths() {
        for (int n : new int[] {40, 700}) { // below and above the size handed to the batch engine
            List<double[]> qs = states(n, n);
            boolean[] expected = new boolean[n];
            int valid = 0;
            for (int i = 0; i < n; i++) {
                expected[i] = isValid(qs.get(i));
                valid += expected[i] ? 1 : 0;
            }
            assertTrue(valid > 0 && valid < n, n + " states: both answers must occur, got " + valid + " valid");
            assertArrayEquals(expected, isValidMany(qs), n + " states");
        }
        assertEquals(0, isValidMany(List.of()).length);
    }

    @Test
    void freeMotionsHaveOnlyValidSamplesAndBlockedOnesAreNotFree() {
        SplittableRandom rnd = new SplittableRandom(5);
        int free = 0, blocked = 0;
        for (double[] q0 : states(150, 9)) {
            double[] q1 = new double[7];
            for (int j = 0; j < 7; j++) {
                q1[j] = Math.min(UPPER[j], Math.max(LOWER[j], q0[j] + (rnd.nextDouble() * 2 - 1) * 0.6));
            }
            List<double[]> samples = new ArrayList<>();
            for (int k = 0; k <= 100; k++) {
                double s = k / 100.0;
                double[] q = new double[7];
                for (int j = 0; j < 7; j++) {
                    q[j] = Math.min(UPPER[j], Math.max(LOWER[j], q0[j] + s * (q1[j] - q0[j])));
                }
                samples.add(k == 100 ? q1 : q);
            }
            boolean allSamplesValid = true;
            for (boolean v : isValidMany(samples)) {
                allSamplesValid &= v;
            }
            boolean answer = isMotionFree(q0, q1);
            if (answer) {
                assertTrue(allSamplesValid, "a motion called free has an invalid sample");
                free++;
            }
            if (!allSamplesValid) {
                assertFalse(answer);
                blocked++;
            }
        }
        assertTrue(free >= 5 && blocked >= 5, free + " free, " + blocked + " blocked: both must occur");
    }

    @Test
    void readyPoseIntoTheTableIsNotFreeAndOutOfLimitEndsAreNot() {
        double[] ready = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
        double[] intoTable = {0, 1.5, 0, -0.5, 0, 1.571, 0.785};
        assertTrue(isMotionFree(ready, ready));
        assertFalse(isMotionFree(ready, intoTable));
        double[] outside = ready.clone();
        outside[0] = 3.5; // panda_joint1 is limited to ±2.9671 rad
        assertFalse(isMotionFree(ready, outside));
    }

    @Test
    void badParametersAreNamed() {
        RequestException e = assertThrows(
                RequestException.class,
                () -> call("isValidMany", "{\"states\":[[0,-0.785,0,-2.356,0,1.571,0.785],[0,0,0]]}"));
        assertEquals(RequestException.INVALID_PARAMS, e.code());
        assertTrue(e.getMessage().contains("states[1]"), e.getMessage());
        e = assertThrows(
                RequestException.class, () -> call("isValidMany", "{\"states\":[[0,-0.785,0,-2.356,0,1.571,\"x\"]]}"));
        assertTrue(e.getMessage().contains("states[0][6]"), e.getMessage());
        e = assertThrows(RequestException.class, () -> call("isValidMany", "{\"qs\":[]}"));
        assertTrue(e.getMessage().contains("unknown parameter 'qs'"), e.getMessage());
        e = assertThrows(
                RequestException.class, () -> call("isMotionFree", "{\"q0\":[0,-0.785,0,-2.356,0,1.571,0.785]}"));
        assertTrue(e.getMessage().contains("q1"), e.getMessage());
        e = assertThrows(RequestException.class, () -> call("nope", "{}"));
        assertTrue(e.getMessage().contains("isValidMany") && e.getMessage().contains("isMotionFree"), e.getMessage());
    }

    @Test
    void aFreshServiceRefusesBeforeLoad() {
        RequestException e = assertThrows(
                RequestException.class,
                () -> new CollisionService()
                        .handle(
                                "isMotionFree",
                                (ObjectNode) MAPPER.readTree("{\"q0\":[0],\"q1\":[0]}"),
                                RequestContext.unbounded()));
        assertEquals(RequestException.INVALID_REQUEST, e.code());
    }
}
