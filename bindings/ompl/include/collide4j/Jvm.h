// The one JVM of this process, started or joined through the JNI Invocation API.
#pragma once

#include <jni.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace collide4j {

/** Which kind of failure an Error is: the collide4j command line's exit codes, plus the JVM's start. */
enum class ErrorKind {
    Usage,         // 64: a wrong option (unknown robot, negative margin, a group that does not exist)
    BadInput,      // 65: an input file exists but its content is wrong (the message names file and field)
    MissingInput,  // 66: an input file is missing or unreadable
    Internal,      // 70: an unexpected Java exception (a bug)
    JvmStart,      // no JVM: libjvm or the jar not found, a Java older than 17, JNI_CreateJavaVM failed
};

/** A collide4j failure; what() is collide4j's one-line message (for Java failures the Java message). */
class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    ErrorKind kind() const { return kind_; }
    /** The exit code the collide4j command gives for the same failure (64, 65, 66, 70); 70 for JvmStart too. */
    int exitCode() const;

private:
    ErrorKind kind_;
};

/**
 * How to start the JVM; every field empty means "look it up". Lookup order, first existing wins:
 *   jar:        this field, $COLLIDE4J_JAR, collide4j.jar next to this library, the repository's
 *               cli/target/collide4j.jar (compiled in).
 *   javaHome:   this field, $COLLIDE4J_JAVA_HOME, $JAVA_HOME, the JDK the library was built with; libjvm.so is
 *               lib/server/libjvm.so below it.
 *   cdsArchive: this field, $COLLIDE4J_CDS_ARCHIVE, collide4j.jsa next to this library, the archive the build
 *               recorded (compiled in); "none" disables class-data sharing of collide4j's classes.
 *   jvmOptions: appended as given (e.g. "-Xmx2g"); $COLLIDE4J_JVM_OPTIONS (space-separated) is appended too.
 * The JVM always gets -Xrs (it leaves SIGINT, SIGTERM, SIGHUP, SIGQUIT to the host). It still owns SIGSEGV, SIGBUS,
 * SIGFPE and SIGILL, which HotSpot uses itself: a host that installs its own handlers for them (crash reporters)
 * must run with LD_PRELOAD=$JAVA_HOME/lib/libjsig.so so that both are chained (README, "OMPL (C++)").
 */
struct JvmOptions {
    std::string jar;
    std::string javaHome;
    std::string cdsArchive;
    std::vector<std::string> jvmOptions;
};

/**
 * The process's JVM. Java allows one per process and cannot restart one, so the first start() (or the first Checker)
 * decides the options; later calls return the same JVM and ignore theirs. When the process already hosts a JVM (a
 * Java program loaded this library), it is joined and must have the collide4j jar on its class path.
 *
 * Threads: every call may come from any thread; a thread that is not attached is attached as a daemon on its first
 * call (so it never keeps the process alive) and detached when it exits. The JVM is never destroyed: HotSpot cannot
 * unload, and a process exits with it still up.
 */
class Jvm {
public:
    /** Starts (or joins) the JVM; throws Error(JvmStart) naming what to set when it cannot. */
    static Jvm& start(const JvmOptions& options = {});

    /** The calling thread's JNIEnv, attaching the thread as a daemon on first use. */
    JNIEnv* env();

    /** A thread's JNIEnv and its own argument arrays for n-value configurations (out: 1 + n values). */
    struct ThreadArrays {
        JNIEnv* env;
        int n;
        jdoubleArray q0, q1, out;   // global references, deleted when the thread exits
    };

    /** The calling thread's arrays for n values, made on its first query with that n. */
    ThreadArrays& arrays(int n);

    /** The jar, Java home and CDS archive in use (empty when joined or not used). */
    const std::string& jar() const { return jar_; }
    const std::string& javaHome() const { return javaHome_; }
    const std::string& cdsArchive() const { return cdsArchive_; }
    /** Wall time from start() being called to the bridge class being ready, in seconds (0 when joined). */
    double startSeconds() const { return startSeconds_; }

    // The bridge's cached class and method ids (global; valid for the JVM's life).
    jclass bridge = nullptr;
    jmethodID open = nullptr, dimension = nullptr, variableNames = nullptr, limits = nullptr, margin = nullptr,
              groupName = nullptr, isValid = nullptr, clearance = nullptr, isMotionFree = nullptr,
              checkMotion = nullptr, certifyPath = nullptr, timeIsValid = nullptr, exitCode = nullptr,
              message = nullptr;
    jclass stringClass = nullptr;

    /** Turns the pending Java exception, if any, into a thrown Error carrying its message. */
    void rethrow(JNIEnv* env);

private:
    Jvm() = default;
    void boot(const JvmOptions& options);
    void bind(JNIEnv* env);

    JavaVM* vm_ = nullptr;
    std::string jar_, javaHome_, cdsArchive_;
    double startSeconds_ = 0;
};

}  // namespace collide4j
