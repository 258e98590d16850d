package io.collide4j.urdf;

/** The links and joints do not form one tree; {@link #problem()} says which rule is broken. */
public final class KinematicTreeException extends DescriptionException {
    /** The tree rule that was violated. */
    public enum Problem {
        /** Two links or two joints share a name. */
        DUPLICATE_NAME,
        /** A joint names a parent or child link that does not exist. */
        UNKNOWN_LINK,
        /** A link is the child of two joints. */
        TWO_PARENTS,
        /** Links are connected in a loop (and so no link of the loop is reachable from a root). */
        CYCLE,
        /** No link lacks a parent (the robot is empty or all links are in cycles). */
        NO_ROOT,
        /** More than one link lacks a parent. */
        MULTIPLE_ROOTS
    }

    private final Problem problem;
    private final String element;

    public KinematicTreeException(String source, int line, Problem problem, String element, String message) {
        super(source, line, element + ": " + message);
        this.problem = problem;
        this.element = element;
    }

    public Problem problem() {
        return problem;
    }

    /** The offending joint or link, e.g. {@code joint 'j3'}. */
    public String element() {
        return element;
    }
}
