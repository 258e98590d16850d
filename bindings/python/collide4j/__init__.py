"""collide4j for Python: certified collision checking for robot-arm motion planning, in-process.

    import collide4j
    checker = collide4j.Checker(robot="panda", scene="table_shelf", margin=0.01)
    checker.is_valid(q), checker.is_valid_many(Q), checker.is_motion_free(q0, q1)

The Java checker runs in this process through JPype (one JVM, started on first use, with the collide4j jar shipped
in this package or named by $COLLIDE4J_JAR; $COLLIDE4J_JVM_OPTIONS replaces the JVM options, default -Xss4m).
"""
from .checker import DEFAULT_CERTIFY_BUDGET, Checker
from .errors import CheckerInternalError, Collide4jError, InputError, JvmError, MissingInputError
from .results import Certification, MotionResult, MotionStatus, Verdict, VerifyResult, Violation

__all__ = ["Checker", "DEFAULT_CERTIFY_BUDGET", "Certification", "MotionResult", "MotionStatus", "Verdict",
           "VerifyResult", "Violation", "Collide4jError", "InputError", "MissingInputError", "JvmError",
           "CheckerInternalError"]
