"""The exceptions collide4j raises: one base class, one subclass per kind of failure.

Each carries collide4j's own message (the one its command line prints) and derives from the built-in exception a
Python caller would expect too, so ``except ValueError`` and ``except FileNotFoundError`` keep working.
"""


class Collide4jError(Exception):
    """Base class of every collide4j failure."""


class InputError(Collide4jError, ValueError):
    """Bad input: a wrong length or shape, a value out of range, unknown options, a malformed file (CLI exit 64/65)."""


class MissingInputError(Collide4jError, FileNotFoundError):
    """An input file (URDF, SRDF, scene, certificate) is missing or unreadable (CLI exit 66)."""


class JvmError(Collide4jError, RuntimeError):
    """The Java virtual machine could not be started, or the collide4j jar was not found."""


class CheckerInternalError(Collide4jError, RuntimeError):
    """A bug inside collide4j (CLI exit 70); the message says what failed."""


def from_java(exc):
    """The Python exception for an io.collide4j.planner.embed.EmbeddedException (by its kind)."""
    kind = str(exc.kindName())
    message = str(exc.getMessage())
    if kind in ("USAGE", "DATA"):
        return InputError(message)
    if kind == "NO_INPUT":
        return MissingInputError(message)
    return CheckerInternalError(message)
