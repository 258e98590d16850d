// Starting or joining the process's JVM (JNI Invocation API), per-thread attachment, Java exceptions as Errors.
#include "collide4j/Jvm.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <sstream>

#ifndef COLLIDE4J_DEFAULT_JAR
#define COLLIDE4J_DEFAULT_JAR ""
#endif
#ifndef COLLIDE4J_DEFAULT_JAVA_HOME
#define COLLIDE4J_DEFAULT_JAVA_HOME ""
#endif
#ifndef COLLIDE4J_DEFAULT_CDS
#define COLLIDE4J_DEFAULT_CDS ""
#endif

namespace collide4j {

int Error::exitCode() const {
    switch (kind_) {
        case ErrorKind::Usage: return 64;
        case ErrorKind::BadInput: return 65;
        case ErrorKind::MissingInput: return 66;
        default: return 70;
    }
}

namespace {

const char* const BRIDGE = "io/collide4j/planner/jni/NativeBridge";
const char* const HANDLE = "Lio/collide4j/planner/jni/NativeBridge$Handle;";

bool isFile(const std::string& p) {
    struct stat st;
    return !p.empty() && stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string environment(const char* name) {
    const char* v = std::getenv(name);
    return v == nullptr ? "" : v;
}

/** The folder of this shared library (where an installed collide4j.jar and collide4j.jsa sit next to it). */
std::string libraryFolder() {
    Dl_info info;
    if (dladdr(reinterpret_cast<void*>(&libraryFolder), &info) == 0 || info.dli_fname == nullptr) {
        return "";
    }
    std::string f = info.dli_fname;
    std::size_t slash = f.rfind('/');
    return slash == std::string::npos ? "." : f.substr(0, slash);
}

struct Candidate {
    std::string path;
    std::string from;      // where the path came from, for messages
    bool explicitChoice;   // given by the user: it must exist, no falling through to a default
};

/** The first existing candidate; an explicit choice that does not exist is an error of its own. */
std::string pick(const std::vector<Candidate>& candidates, const std::string& what, const std::string& set) {
    std::ostringstream looked;
    for (const Candidate& c : candidates) {
        if (c.path.empty()) {
            continue;
        }
        if (isFile(c.path)) {
            return c.path;
        }
        if (c.explicitChoice) {
            throw Error(ErrorKind::JvmStart, c.from + " names " + what + " " + c.path + ", which does not exist or is "
                        "not a file; " + set);
        }
        looked << (looked.tellp() > 0 ? ", " : "") << c.path << " (" << c.from << ")";
    }
    throw Error(ErrorKind::JvmStart, "no " + what + " found (looked at " +
                (looked.tellp() > 0 ? looked.str() : std::string("nothing")) + "); " + set);
}

std::vector<std::string> splitSpaces(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    std::string w;
    while (in >> w) {
        out.push_back(w);
    }
    return out;
}

/** A thread's attachment and argument arrays, released when the thread exits. */
struct ThreadContext {
    JavaVM* vm = nullptr;
    JNIEnv* env = nullptr;
    bool attachedHere = false;   // attached by us as a daemon (the thread that created the JVM is not)
    std::vector<Jvm::ThreadArrays> arrays;

    ~ThreadContext() {
        if (env == nullptr) {
            return;
        }
        for (Jvm::ThreadArrays& a : arrays) {
            env->DeleteGlobalRef(a.q0);
            env->DeleteGlobalRef(a.q1);
            env->DeleteGlobalRef(a.out);
        }
        if (attachedHere) {
            vm->DetachCurrentThread();
        }
    }
};

thread_local ThreadContext context;

std::mutex startLock;
Jvm* theJvm = nullptr;   // never freed: a JVM cannot be restarted in the same process

using CreatedVms = jint (*)(JavaVM**, jsize, jsize*);
using CreateVm = jint (*)(JavaVM**, void**, void*);

std::string javaString(JNIEnv* env, jstring s) {
    if (s == nullptr) {
        return "";
    }
    const char* c = env->GetStringUTFChars(s, nullptr);
    std::string out = c == nullptr ? "" : c;
    if (c != nullptr) {
        env->ReleaseStringUTFChars(s, c);
    }
    return out;
}

/** The pending exception's toString(), cleared; for failures before the bridge is bound. */
std::string describePending(JNIEnv* env) {
    jthrowable t = env->ExceptionOccurred();
    if (t == nullptr) {
        return "(no Java exception)";
    }
    env->ExceptionClear();
    jclass cls = env->FindClass("java/lang/Throwable");
    jmethodID toString = env->GetMethodID(cls, "toString", "()Ljava/lang/String;");
    jstring s = static_cast<jstring>(env->CallObjectMethod(t, toString));
    std::string out = env->ExceptionCheck() ? "(exception while describing an exception)" : javaString(env, s);
    env->ExceptionClear();
    return out;
}

}  // namespace

Jvm& Jvm::start(const JvmOptions& options) {
    std::lock_guard<std::mutex> lock(startLock);
    if (theJvm == nullptr) {
        Jvm* j = new Jvm();
        try {
            j->boot(options);
        } catch (...) {
            delete j;   // nothing was created (or creation failed): a later start may try again
            throw;
        }
        theJvm = j;
    }
    return *theJvm;
}

void Jvm::boot(const JvmOptions& options) {
    auto t0 = std::chrono::steady_clock::now();
    // A process that already hosts a JVM (a Java program that loaded this library) is joined, not started.
    auto created = reinterpret_cast<CreatedVms>(dlsym(RTLD_DEFAULT, "JNI_GetCreatedJavaVMs"));
    jsize count = 0;
    if (created != nullptr && created(&vm_, 1, &count) == JNI_OK && count > 0) {
        bind(env());
        return;
    }
    const std::string setJar = "set COLLIDE4J_JAR (or JvmOptions::jar) to the collide4j.jar that "
                               "'mvn -B package -DskipTests' writes to cli/target";
    std::string folder = libraryFolder();
    jar_ = pick({{options.jar, "JvmOptions::jar", true},
                 {environment("COLLIDE4J_JAR"), "$COLLIDE4J_JAR", true},
                 {folder.empty() ? "" : folder + "/collide4j.jar", "next to this library", false},
                 {COLLIDE4J_DEFAULT_JAR, "the build's default", false}},
                "collide4j jar", setJar);
    const std::string setJava = "set COLLIDE4J_JAVA_HOME or JAVA_HOME (or JvmOptions::javaHome) to a Java 17+ "
                                "installation (the folder holding lib/server/libjvm.so)";
    auto libjvm = [](const std::string& home) { return home.empty() ? std::string() : home + "/lib/server/libjvm.so"; };
    std::string lib = pick({{libjvm(options.javaHome), "JvmOptions::javaHome", true},
                            {libjvm(environment("COLLIDE4J_JAVA_HOME")), "$COLLIDE4J_JAVA_HOME", true},
                            {libjvm(environment("JAVA_HOME")), "$JAVA_HOME", false},
                            {libjvm(COLLIDE4J_DEFAULT_JAVA_HOME), "the JDK of the build", false}},
                           "libjvm.so", setJava);
    javaHome_ = lib.substr(0, lib.size() - std::string("/lib/server/libjvm.so").size());
    void* so = dlopen(lib.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (so == nullptr) {
        throw Error(ErrorKind::JvmStart, "cannot load " + lib + ": " + dlerror() + "; " + setJava);
    }
    auto create = reinterpret_cast<CreateVm>(dlsym(so, "JNI_CreateJavaVM"));
    if (create == nullptr) {
        throw Error(ErrorKind::JvmStart, lib + " has no JNI_CreateJavaVM; " + setJava);
    }

    // -Xrs: the JVM leaves SIGINT, SIGTERM, SIGHUP and SIGQUIT to the host (a planner's Ctrl-C handler keeps working
    // and a signal does not run Java shutdown hooks instead).
    std::vector<std::string> args{"-Djava.class.path=" + jar_, "-Xrs"};
    std::string cds = options.cdsArchive.empty() ? environment("COLLIDE4J_CDS_ARCHIVE") : options.cdsArchive;
    if (cds != "none") {
        if (!cds.empty() && !isFile(cds)) {
            throw Error(ErrorKind::JvmStart, "the CDS archive " + cds + " (JvmOptions::cdsArchive or "
                        "$COLLIDE4J_CDS_ARCHIVE) does not exist; give an existing one or \"none\"");
        }
        if (cds.empty()) {
            cds = isFile(folder + "/collide4j.jsa") ? folder + "/collide4j.jsa"
                  : isFile(COLLIDE4J_DEFAULT_CDS) ? COLLIDE4J_DEFAULT_CDS : "";
        }
        if (!cds.empty()) {
            // An archive recorded for another jar or JDK is rejected by the JVM itself (classes then load from the
            // jar, only slower); the log line saying so is silenced.
            args.push_back("-XX:SharedArchiveFile=" + cds);
            args.push_back("-Xshare:auto");
            args.push_back("-Xlog:cds=off,cds+dynamic=off");
            cdsArchive_ = cds;
        }
    }
    for (const std::string& o : options.jvmOptions) {
        args.push_back(o);
    }
    for (const std::string& o : splitSpaces(environment("COLLIDE4J_JVM_OPTIONS"))) {
        args.push_back(o);
    }
    std::vector<JavaVMOption> vmOptions(args.size());
    for (std::size_t i = 0; i < args.size(); i++) {
        vmOptions[i].optionString = const_cast<char*>(args[i].c_str());
        vmOptions[i].extraInfo = nullptr;
    }
    JavaVMInitArgs init;
    init.version = JNI_VERSION_10;
    init.nOptions = static_cast<jint>(vmOptions.size());
    init.options = vmOptions.data();
    init.ignoreUnrecognized = JNI_FALSE;
    JNIEnv* e = nullptr;
    jint rc = create(&vm_, reinterpret_cast<void**>(&e), &init);
    if (rc == JNI_EVERSION) {
        throw Error(ErrorKind::JvmStart, "the Java at " + javaHome_ + " is older than Java 10 (collide4j needs 17+); " +
                    setJava);
    }
    if (rc != JNI_OK) {
        std::string all;
        for (const std::string& a : args) {
            all += " " + a;
        }
        throw Error(ErrorKind::JvmStart, "JNI_CreateJavaVM failed with code " + std::to_string(rc) + " for " +
                    javaHome_ + " with options" + all + "; check COLLIDE4J_JVM_OPTIONS and JvmOptions::jvmOptions");
    }
    context.vm = vm_;
    context.env = e;   // the creating thread stays attached for the process's life
    jclass system = e->FindClass("java/lang/System");
    jmethodID getProperty =
        e->GetStaticMethodID(system, "getProperty", "(Ljava/lang/String;)Ljava/lang/String;");
    jstring key = e->NewStringUTF("java.specification.version");
    std::string version = javaString(e, static_cast<jstring>(e->CallStaticObjectMethod(system, getProperty, key)));
    int major = std::atoi(version.c_str());
    if (major < 17) {
        throw Error(ErrorKind::JvmStart, "the Java at " + javaHome_ + " is Java " + version +
                    "; collide4j needs 17 or newer: " + setJava + " (this JVM stays loaded: restart the process)");
    }
    bind(e);
    startSeconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void Jvm::bind(JNIEnv* e) {
    jclass local = e->FindClass(BRIDGE);
    if (local == nullptr) {
        std::string why = describePending(e);
        throw Error(ErrorKind::JvmStart, "the JVM cannot load io.collide4j.planner.jni.NativeBridge from " +
                    (jar_.empty() ? std::string("the joined JVM's class path") : jar_) + ": " + why +
                    "; set COLLIDE4J_JAR to a collide4j.jar of this version (restart the process)");
    }
    bridge = static_cast<jclass>(e->NewGlobalRef(local));
    e->DeleteLocalRef(local);
    jclass str = e->FindClass("java/lang/String");
    stringClass = static_cast<jclass>(e->NewGlobalRef(str));
    e->DeleteLocalRef(str);
    const std::string h = HANDLE;
    struct Method {
        jmethodID* id;
        const char* name;
        std::string signature;
    };
    for (const Method& m : std::vector<Method>{
             {&open, "open", "([Ljava/lang/String;)" + h},
             {&dimension, "dimension", "(" + h + ")I"},
             {&variableNames, "variableNames", "(" + h + ")[Ljava/lang/String;"},
             {&limits, "limits", "(" + h + ")[D"},
             {&margin, "margin", "(" + h + ")D"},
             {&groupName, "groupName", "(" + h + ")Ljava/lang/String;"},
             {&isValid, "isValid", "(" + h + "[D)Z"},
             {&clearance, "clearance", "(" + h + "[D)D"},
             {&isMotionFree, "isMotionFree", "(" + h + "[D[D)Z"},
             {&checkMotion, "checkMotion", "(" + h + "[D[D[D)Z"},
             {&certifyPath, "certifyPath", "(" + h + "[D)Ljava/lang/String;"},
             {&timeIsValid, "timeIsValid", "(" + h + "[DI[J)J"},
             {&exitCode, "exitCode", "(Ljava/lang/Throwable;)I"},
             {&message, "message", "(Ljava/lang/Throwable;)Ljava/lang/String;"}}) {
        *m.id = e->GetStaticMethodID(bridge, m.name, m.signature.c_str());
        if (*m.id == nullptr) {
            std::string why = describePending(e);
            throw Error(ErrorKind::JvmStart, std::string("the collide4j jar's NativeBridge has no ") + m.name + m.signature +
                        " (" + why + "): the jar and this library are of different versions; set COLLIDE4J_JAR");
        }
    }
}

JNIEnv* Jvm::env() {
    if (context.env != nullptr) {
        return context.env;
    }
    JNIEnv* e = nullptr;
    jint rc = vm_->GetEnv(reinterpret_cast<void**>(&e), JNI_VERSION_10);
    if (rc == JNI_EDETACHED) {
        JavaVMAttachArgs attach{JNI_VERSION_10, const_cast<char*>("collide4j-native"), nullptr};
        if (vm_->AttachCurrentThreadAsDaemon(reinterpret_cast<void**>(&e), &attach) != JNI_OK) {
            throw Error(ErrorKind::Internal, "cannot attach this thread to the JVM");
        }
        context.attachedHere = true;
    } else if (rc != JNI_OK) {
        throw Error(ErrorKind::Internal, "JNI GetEnv failed with code " + std::to_string(rc));
    }
    context.vm = vm_;
    context.env = e;
    return e;
}

Jvm::ThreadArrays& Jvm::arrays(int n) {
    JNIEnv* e = env();
    for (ThreadArrays& a : context.arrays) {
        if (a.n == n) {
            return a;
        }
    }
    auto global = [e, this](jsize size) {
        jdoubleArray local = e->NewDoubleArray(size);
        rethrow(e);
        auto g = static_cast<jdoubleArray>(e->NewGlobalRef(local));
        e->DeleteLocalRef(local);
        return g;
    };
    context.arrays.push_back(ThreadArrays{e, n, global(n), global(n), global(n + 1)});
    return context.arrays.back();
}

void Jvm::rethrow(JNIEnv* e) {
    if (!e->ExceptionCheck()) {
        return;
    }
    jthrowable t = e->ExceptionOccurred();
    e->ExceptionClear();
    int code = e->CallStaticIntMethod(bridge, exitCode, t);
    if (e->ExceptionCheck()) {
        e->ExceptionClear();
        code = 70;
    }
    auto m = static_cast<jstring>(e->CallStaticObjectMethod(bridge, message, t));
    std::string text = e->ExceptionCheck() ? "(a Java exception that could not be described)" : javaString(e, m);
    e->ExceptionClear();
    if (m != nullptr) {
        e->DeleteLocalRef(m);
    }
    e->DeleteLocalRef(t);
    ErrorKind kind = code == 64 ? ErrorKind::Usage
                     : code == 65 ? ErrorKind::BadInput
                     : code == 66 ? ErrorKind::MissingInput
                                  : ErrorKind::Internal;
    throw Error(kind, text);
}

}  // namespace collide4j
