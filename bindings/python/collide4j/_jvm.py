"""Starts (or joins) the one JVM of this process, with the collide4j jar on its class path.

JPype allows one JVM per process, started once. When the host application started it already, the collide4j jar
must be on its class path; this module then only looks the classes up.
"""
import os
import threading

import jpype

_lock = threading.Lock()
_classes = None

#: Environment variable naming a collide4j jar to use instead of the one shipped in the package.
JAR_VARIABLE = "COLLIDE4J_JAR"


def jar_path():
    """The collide4j jar: $COLLIDE4J_JAR when set, else the one shipped in the package (collide4j/lib/)."""
    given = os.environ.get(JAR_VARIABLE)
    if given:
        return given
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "collide4j.jar")


def _support_jar():
    # JPype's own Java half: wheels put it next to the jpype package and find it themselves; Debian's python3-jpype
    # keeps it in /usr/share/java and needs it named on the class path.
    for candidate in (os.path.join(os.path.dirname(os.path.dirname(jpype.__file__)), "org.jpype.jar"),
                      "/usr/share/java/org.jpype.jar"):
        if os.path.isfile(candidate):
            return candidate
    return None


class _Classes:
    """The Java classes the binding calls, looked up once."""

    def __init__(self):
        self.EmbeddedChecker = jpype.JClass("io.collide4j.planner.embed.EmbeddedChecker")
        self.EmbeddedException = jpype.JClass("io.collide4j.planner.embed.EmbeddedException")
        self.Models = jpype.JClass("io.collide4j.models.Models")
        self.DoubleArray = jpype.JArray(jpype.JDouble)
        self.BooleanArray = jpype.JArray(jpype.JBoolean)
        self.StringArray = jpype.JArray(jpype.JString)


def classes():
    """Starts the JVM on first use (thread-safe) and returns the Java classes."""
    global _classes
    if _classes is not None:
        return _classes
    with _lock:
        if _classes is None:
            _start()
            _classes = _Classes()
    return _classes


def _start():
    from .errors import JvmError
    if jpype.isJVMStarted():
        try:
            jpype.JClass("io.collide4j.planner.embed.EmbeddedChecker")
        except Exception as e:
            raise JvmError("a JVM is already running in this process without collide4j on its class path; start it"
                           " with the jar " + jar_path() + " on the class path") from e
        return
    jar = jar_path()
    if not os.path.isfile(jar):
        source = "$" + JAR_VARIABLE if os.environ.get(JAR_VARIABLE) else "the collide4j package"
        raise JvmError("collide4j jar not found at " + jar + " (from " + source + "); build it with 'mvn -pl"
                       " cli -am package -DskipTests' and reinstall the package, or set "
                       + JAR_VARIABLE + " to its path")
    path = [jar]
    support = _support_jar()
    if support:
        path.append(support)
    # jars the host added with jpype.addClassPath before the first Checker (startJVM's classpath replaces them)
    path += [p for p in jpype.getClassPath(env=False).split(os.pathsep) if p and p not in path]
    options = os.environ.get("COLLIDE4J_JVM_OPTIONS", "-Xss4m").split()
    try:
        jvm = jpype.getDefaultJVMPath()
    except Exception as e:
        raise JvmError("no Java runtime found: install Java 17 or newer, or set JAVA_HOME ("
                       + str(e) + ")") from e
    try:
        jpype.startJVM(jvm, *options, classpath=path, convertStrings=False)
    except Exception as e:
        raise JvmError("the JVM " + jvm + " did not start with the class path " + os.pathsep.join(path) + ": "
                       + str(e) + " (collide4j needs Java 17 or newer; JAVA_HOME selects one)") from e
