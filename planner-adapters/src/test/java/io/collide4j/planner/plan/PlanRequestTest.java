package io.collide4j.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The request builder names the setting a caller left null (before: "q is null", "flags", or no name at all). */
class PlanRequestTest {
    @Test
    void aNullSettingIsRefusedByName() {
        PlanRequest.Builder b = PlanRequest.builder();
        Map<String, Executable> calls = new LinkedHashMap<>();
        calls.put("start", () -> b.start((double[]) null));
        calls.put("goal", () -> b.goal((double[]) null));
        calls.put("lower", () -> b.bounds(null, new double[] {1}));
        calls.put("upper", () -> b.bounds(new double[] {0}, null));
        calls.put("continuous", () -> b.continuous((boolean[]) null));
        calls.put("space", () -> b.space(null));
        calls.put("sampler", () -> b.sampler(null));
        calls.forEach((setting, call) -> {
            NullPointerException e = assertThrows(NullPointerException.class, call, setting);
            assertEquals(setting + " must not be null", e.getMessage());
        });
    }

    @Test
    void aRequestWithoutStartGoalOrBoundsIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> PlanRequest.builder()
                        .start(0.5)
                        .bounds(new double[] {0}, new double[] {1})
                        .build());
        assertEquals("a plan request needs start, goal and joint bounds", e.getMessage());
    }
}
