package io.collide4j.urdf;

import java.util.List;

/**
 * An SRDF does not fit its robot. The parser collects every problem of the document (unknown
 * link, joint or group names, chains that are not chains, bad values) before throwing, so one
 * run shows them all; {@link #problems()} lists them in document order, the message too.
 */
public final class SrdfException extends DescriptionException {
    /** One problem: line, element path (e.g. {@code group 'arm' / joint}) and what is wrong. */
    public record Problem(int line, String element, String message) {
        @Override
        public String toString() {
            return "line " + line + ": " + element + ": " + message;
        }
    }

    private final List<Problem> problems;

    public SrdfException(String source, List<Problem> problems) {
        super(
                source,
                problems.get(0).line(),
                problems.size() + " problem(s): "
                        + String.join(
                                "; ", problems.stream().map(Problem::toString).toList()));
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }
}
