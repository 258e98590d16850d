"""The collision checker: a collide4j robot in a scene, queried with numpy arrays."""
import math
import os

import numpy as np

from . import _jvm
from .errors import InputError, from_java
from .results import certification_from_java, motion_from_java, verify_from_java

#: Distance evaluations a whole-trajectory certification may spend before it answers INCONCLUSIVE.
DEFAULT_CERTIFY_BUDGET = 5_000_000


class Checker:
    """A certified collision checker for one robot in one scene, inside this process (JPype).

    "Valid" and "free" are certified: every checked robot-obstacle and self pair is farther apart than the margin
    for the modelled geometry, so a True answer is never wrong. NaN and out-of-limit configurations are invalid.

    Configurations are 1-D arrays of ``dof`` joint values in :attr:`joint_names` order (the planning group's
    variables; other joints are held). Anything numpy can turn into float64 is accepted.

    Thread-safe: queries from several Python threads run in parallel in the JVM (each thread has its own scratch).

    Args:
        robot: a bundled robot name ("panda", "ur5e") or a URDF file path.
        urdf: a URDF file (instead of ``robot``).
        srdf: the robot's SRDF file (planning groups, disabled collision pairs).
        package_paths: folders holding ROS packages, for ``package://`` mesh references.
        scene: a bundled scene name ("table_shelf"), a scene file (.json collide4j-scene/1 or MoveIt .yaml), or
            None for no obstacles.
        margin: required separation in metres (>= 0); 0 means "not touching".
        group: the SRDF planning group (default: a bundled robot's first group, else every joint).
        hold: {joint: value} for joints outside the group (default 0 clamped into the limits).
        decompose: None (default): links whose meshes are far from convex are decomposed, the others one hull each;
            True: every mesh as a convex decomposition (``--decompose``); False: one covering hull per mesh
            (``--no-decompose``). Decomposed pieces give fewer false collisions in concave links.

    Raises:
        InputError: unknown names or options, bad values, malformed files (with collide4j's message).
        MissingInputError: a file that is missing or unreadable.
        JvmError: no Java runtime, or no collide4j jar.
    """

    def __init__(self, robot=None, *, urdf=None, srdf=None, package_paths=(), scene=None, margin=0.0, group=None,
                 hold=None, decompose=None):
        self._cls = _jvm.classes()
        options = _options(robot, urdf, srdf, package_paths, scene, margin, group, hold, decompose)
        try:
            self._j = self._cls.EmbeddedChecker.open(self._cls.StringArray(options))
        except self._cls.EmbeddedException as e:
            raise from_java(e) from None
        self._dof = int(self._j.dimension())
        self._names = tuple(str(n) for n in self._j.jointNames())
        self._lower = _readonly(self._j.lowerLimits())
        self._upper = _readonly(self._j.upperLimits())
        self._margin = float(self._j.margin())
        self._group = str(self._j.groupName())
        self._warnings = tuple(str(w) for w in self._j.warnings())

    # ------------------------------------------------------------------ the model

    @property
    def dof(self):
        """Length of every configuration."""
        return self._dof

    @property
    def joint_names(self):
        """The planning group's joint names, in configuration order."""
        return self._names

    @property
    def lower_limits(self):
        """Lower joint limits (read-only array; -inf for an unbounded continuous joint)."""
        return self._lower

    @property
    def upper_limits(self):
        """Upper joint limits (read-only array; +inf for an unbounded continuous joint)."""
        return self._upper

    @property
    def margin(self):
        """The required separation (m)."""
        return self._margin

    @property
    def group(self):
        """The planning group's name, or "" when every joint is planned."""
        return self._group

    @property
    def warnings(self):
        """What the loader warned about (no SRDF, self-collision at the zero configuration), one line each."""
        return self._warnings

    # ------------------------------------------------------------------ queries

    def is_valid(self, q):
        """True when q is certified valid: inside the joint limits and every checked pair farther apart than the margin."""
        a = self._vector(q, "q")
        try:
            return bool(self._j.isValid(a))
        except self._cls.EmbeddedException as e:
            raise from_java(e) from None

    def is_valid_many(self, qs):
        """:meth:`is_valid` of every row of an n x dof array, in one call on all cores; returns a bool array of n."""
        a = _numbers(qs, "qs", "an n x %d array of joint values" % self._dof)
        if a.ndim != 2 or a.shape[1] != self._dof:
            raise InputError("qs: expected an n x %d array of joint values %s, got shape %s"
                             % (self._dof, list(self._names), a.shape))
        out = self._cls.BooleanArray(a.shape[0])
        if a.shape[0] > 0:
            try:
                self._j.areValid(a.reshape(-1), out)
            except self._cls.EmbeddedException as e:
                raise from_java(e) from None
        return np.array(out, dtype=bool)

    def clearance(self, q):
        """Certified lower bound (m) on the distance of the closest checked pair at q (inf when nothing is checked).

        The margin is not subtracted; joint limits are not looked at. Non-finite values raise InputError.
        """
        a = self._vector(q, "q")
        try:
            return float(self._j.clearance(a))
        except self._cls.EmbeddedException as e:
            raise from_java(e) from None

    def is_motion_free(self, q0, q1):
        """True only when both ends are inside the limits and the straight joint-space motion q0 -> q1 is certified
        free (continuously, not sampled). Faster than :meth:`check_motion`: no earliest contact."""
        a, b = self._vector(q0, "q0"), self._vector(q1, "q1")
        try:
            return bool(self._j.isMotionFree(a, b))
        except self._cls.EmbeddedException as e:
            raise from_java(e) from None

    def check_motion(self, q0, q1):
        """The certified continuous check of q0 -> q1 with its earliest contact (a :class:`MotionResult`).

        Raises InputError when an end is outside the joint limits or not finite (naming the joint).
        """
        a, b = self._vector(q0, "q0"), self._vector(q1, "q1")
        try:
            return motion_from_java(self._j.checkMotion(a, b))
        except self._cls.EmbeddedException as e:
            raise from_java(e) from None

    # ------------------------------------------------------------------ trajectories

    def certify(self, times, positions, velocities=None, accelerations=None, margin=None,
                budget=DEFAULT_CERTIFY_BUDGET):
        """Certifies a trajectory and returns a :class:`Certification` with its certificate.

        Args:
            times: n strictly increasing times (s), n >= 2.
            positions: n x dof waypoints, joined by straight joint-space segments, or, with ``velocities``
                (n x dof) and optionally ``accelerations`` (n x dof), by the cubic (quintic) pieces a controller
                executes.
            margin: required separation (m); default this checker's margin.
            budget: distance evaluations before the verdict is INCONCLUSIVE.
        """
        t = self._rows(times, "times", vector=True)
        n = t.shape[0]
        p = self._rows(positions, "positions", n=n)
        v = None if velocities is None else self._rows(velocities, "velocities", n=n)
        acc = None if accelerations is None else self._rows(accelerations, "accelerations", n=n)
        m = self._margin if margin is None else margin
        if isinstance(m, bool) or not isinstance(m, (int, float, np.floating, np.integer)):
            raise InputError("margin: expected a number of metres, got %r" % (m,))
        if isinstance(budget, bool) or not isinstance(budget, (int, np.integer)):
            raise InputError("budget: expected an integer number of evaluations, got %r" % (budget,))
        if not 1 <= budget <= 2 ** 63 - 1:   # JPype would raise a bare OverflowError beyond a Java long
            raise InputError("budget: expected an integer from 1 to 2^63-1 evaluations, got %r" % (budget,))
        try:
            return certification_from_java(self._j.certify(t, p.reshape(-1), None if v is None else v.reshape(-1),
                                                           None if acc is None else acc.reshape(-1), float(m),
                                                           int(budget)))
        except self._cls.EmbeddedException as e:
            raise from_java(e) from None

    def verify(self, path):
        """Re-checks the certificate in ``path`` against this robot and scene (a :class:`VerifyResult`)."""
        try:
            return verify_from_java(self._j.verify(os.fspath(path)))
        except self._cls.EmbeddedException as e:
            raise from_java(e) from None

    # ------------------------------------------------------------------ lifetime

    def close(self):
        """Releases the batch engine's worker threads (:meth:`is_valid_many` builds a new one when called again)."""
        self._j.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        return "Checker(%s)" % self._j.toString()

    # ------------------------------------------------------------------ input checks

    def _vector(self, q, name):
        a = _numbers(q, name, "%d joint values" % self._dof)
        if a.shape != (self._dof,):
            raise InputError("%s: expected %d joint values %s, got shape %s" % (name, self._dof, list(self._names),
                                                                                a.shape))
        return a

    def _rows(self, values, name, n=None, vector=False):
        a = _numbers(values, name, "numbers")
        if vector:
            if a.ndim != 1:
                raise InputError("%s: expected a 1-D array of numbers, got shape %s" % (name, a.shape))
        elif a.shape != (n, self._dof):
            raise InputError("%s: expected shape (%d, %d), one row of %s per time, got %s"
                             % (name, n, self._dof, list(self._names), a.shape))
        return a


def _numbers(values, name, expected):
    """values as a C-contiguous float64 array; anything but numbers (None, strings, objects, booleans) is refused,
    where numpy would turn None into NaN silently."""
    try:
        a = values if isinstance(values, np.ndarray) else np.asarray(values)
    except (TypeError, ValueError) as e:   # ragged nesting
        raise InputError("%s: expected %s: %s" % (name, expected, e)) from None
    if a.dtype.kind not in "iuf":
        given = "values of type " + str(a.dtype) if isinstance(values, np.ndarray) else repr(values)
        raise InputError("%s: expected %s, got %s" % (name, expected, given if len(given) <= 80 else given[:77] + "..."))
    return np.ascontiguousarray(a, dtype=np.float64)


def _readonly(java_array):
    a = np.array(java_array, dtype=np.float64)
    a.setflags(write=False)
    return a


def _options(robot, urdf, srdf, package_paths, scene, margin, group, hold, decompose):
    """The robot and scene options of ``collide4j certify`` for these arguments."""
    if robot is not None and urdf is not None:
        raise InputError("give robot (a bundled name or a URDF file) or urdf, not both")
    if robot is None and urdf is None:
        raise InputError("no robot: give robot='panda' (a bundled name), robot=PATH or urdf=PATH to a URDF file")
    options = []
    if urdf is None and isinstance(robot, str) and not robot.endswith(".urdf") and not os.path.sep in robot:
        options += ["--robot", robot]
    else:
        options += ["--urdf", os.fspath(urdf if urdf is not None else robot)]
    if srdf is not None:
        options += ["--srdf", os.fspath(srdf)]
    if isinstance(package_paths, (str, os.PathLike)):
        package_paths = [package_paths]
    for p in package_paths:
        options += ["--package-path", os.fspath(p)]
    options += ["--scene", "none" if scene is None else os.fspath(scene)]
    if isinstance(margin, bool) or not isinstance(margin, (int, float, np.floating, np.integer)) \
            or not math.isfinite(margin) or margin < 0:
        raise InputError("margin: expected a finite number of metres >= 0, got %r" % (margin,))
    options += ["--margin", repr(float(margin))]
    if group is not None:
        options += ["--group", str(group)]
    for joint, value in (hold or {}).items():
        if isinstance(value, bool) or not isinstance(value, (int, float, np.floating, np.integer)):
            raise InputError("hold: the value of joint %s must be a number, got %r" % (joint, value))
        if not math.isfinite(value):
            raise InputError("hold: the value of joint %s must be finite, got %r" % (joint, value))
        options += ["--hold", "%s=%r" % (joint, float(value))]
    if decompose is not None and not isinstance(decompose, bool):
        raise InputError("decompose: expected None (default: concave links), True or False, got %r" % (decompose,))
    if decompose is True:
        options.append("--decompose")
    elif decompose is False:
        options.append("--no-decompose")
    return options
