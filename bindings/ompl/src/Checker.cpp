// collide4j::Checker: one NativeBridge.Handle and cheap JNI calls on the calling thread's own arrays.
#include "collide4j/Checker.h"

#include <locale>
#include <sstream>

namespace collide4j {

namespace {

/** Decimal text of a double that parses back to the same value (17 digits, "C" locale whatever the host set). */
std::string number(double v) {
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s.precision(17);
    s << v;
    return s.str();
}

/** A local-reference frame for the calls that make Java objects (opening, names): popped on every exit path. */
class LocalFrame {
public:
    explicit LocalFrame(JNIEnv* env, jint capacity) : env_(env) { env_->PushLocalFrame(capacity); }
    ~LocalFrame() { env_->PopLocalFrame(nullptr); }
    LocalFrame(const LocalFrame&) = delete;
    LocalFrame& operator=(const LocalFrame&) = delete;

private:
    JNIEnv* env_;
};

}  // namespace

std::vector<std::string> Options::arguments() const {
    std::vector<std::string> a;
    auto add = [&a](const char* option, const std::string& value) {
        if (!value.empty()) {
            a.push_back(option);
            a.push_back(value);
        }
    };
    add("--robot", robot);
    add("--urdf", urdf);
    add("--srdf", srdf);
    for (const std::string& p : packagePaths) {
        add("--package-path", p);
    }
    add("--scene", scene);
    if (margin) {
        a.push_back("--margin");
        a.push_back(number(*margin));
    }
    add("--group", group);
    for (const auto& h : hold) {
        a.push_back("--hold");
        a.push_back(h.first + "=" + number(h.second));
    }
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
}

Checker::Checker(const Options& options, const JvmOptions& jvmOptions) : jvm_(&Jvm::start(jvmOptions)) {
    JNIEnv* e = jvm_->env();
    LocalFrame frame(e, 32);
    std::vector<std::string> args = options.arguments();
    jobjectArray jargs = e->NewObjectArray(static_cast<jsize>(args.size()), jvm_->stringClass, nullptr);
    jvm_->rethrow(e);
    for (std::size_t i = 0; i < args.size(); i++) {
        jstring s = e->NewStringUTF(args[i].c_str());
        jvm_->rethrow(e);
        e->SetObjectArrayElement(jargs, static_cast<jsize>(i), s);
        e->DeleteLocalRef(s);
    }
    jobject h = e->CallStaticObjectMethod(jvm_->bridge, jvm_->open, jargs);
    jvm_->rethrow(e);
    handle_ = e->NewGlobalRef(h);

    jint n = e->CallStaticIntMethod(jvm_->bridge, jvm_->dimension, handle_);
    jvm_->rethrow(e);
    auto names = static_cast<jobjectArray>(e->CallStaticObjectMethod(jvm_->bridge, jvm_->variableNames, handle_));
    jvm_->rethrow(e);
    for (jsize i = 0; i < n; i++) {
        auto s = static_cast<jstring>(e->GetObjectArrayElement(names, i));
        const char* c = e->GetStringUTFChars(s, nullptr);
        names_.emplace_back(c);
        e->ReleaseStringUTFChars(s, c);
        e->DeleteLocalRef(s);
    }
    auto limits = static_cast<jdoubleArray>(e->CallStaticObjectMethod(jvm_->bridge, jvm_->limits, handle_));
    jvm_->rethrow(e);
    lower_.resize(n);
    upper_.resize(n);
    e->GetDoubleArrayRegion(limits, 0, n, lower_.data());
    e->GetDoubleArrayRegion(limits, n, n, upper_.data());
    margin_ = e->CallStaticDoubleMethod(jvm_->bridge, jvm_->margin, handle_);
    jvm_->rethrow(e);
    auto g = static_cast<jstring>(e->CallStaticObjectMethod(jvm_->bridge, jvm_->groupName, handle_));
    jvm_->rethrow(e);
    const char* c = e->GetStringUTFChars(g, nullptr);
    group_ = c;
    e->ReleaseStringUTFChars(g, c);
}

Checker::~Checker() {
    if (handle_ == nullptr) {
        return;
    }
    try {
        jvm_->env()->DeleteGlobalRef(handle_);
    } catch (const Error&) {
        // this thread cannot attach to delete the reference: the checker stays reachable in Java (a leak, not a crash)
    }
}

// The queries copy q into the thread's own Java arrays (SetDoubleArrayRegion: one memcpy, no pinning, no local
// references) and make one static call; no lock, nothing allocated.

bool Checker::isValid(const double* q) const {
    Jvm::ThreadArrays& a = jvm_->arrays(static_cast<int>(names_.size()));
    a.env->SetDoubleArrayRegion(a.q0, 0, a.n, q);
    jboolean ok = a.env->CallStaticBooleanMethod(jvm_->bridge, jvm_->isValid, handle_, a.q0);
    jvm_->rethrow(a.env);
    return ok == JNI_TRUE;
}

bool Checker::isValid(const std::vector<double>& q) const {
    checkSize(q, "isValid");
    return isValid(q.data());
}

double Checker::clearance(const double* q) const {
    Jvm::ThreadArrays& a = jvm_->arrays(static_cast<int>(names_.size()));
    a.env->SetDoubleArrayRegion(a.q0, 0, a.n, q);
    jdouble d = a.env->CallStaticDoubleMethod(jvm_->bridge, jvm_->clearance, handle_, a.q0);
    jvm_->rethrow(a.env);
    return d;
}

bool Checker::isMotionFree(const double* q0, const double* q1) const {
    Jvm::ThreadArrays& a = jvm_->arrays(static_cast<int>(names_.size()));
    a.env->SetDoubleArrayRegion(a.q0, 0, a.n, q0);
    a.env->SetDoubleArrayRegion(a.q1, 0, a.n, q1);
    jboolean ok = a.env->CallStaticBooleanMethod(jvm_->bridge, jvm_->isMotionFree, handle_, a.q0, a.q1);
    jvm_->rethrow(a.env);
    return ok == JNI_TRUE;
}

bool Checker::checkMotion(const double* q0, const double* q1, double* lastValid, double& fraction) const {
    Jvm::ThreadArrays& a = jvm_->arrays(static_cast<int>(names_.size()));
    a.env->SetDoubleArrayRegion(a.q0, 0, a.n, q0);
    a.env->SetDoubleArrayRegion(a.q1, 0, a.n, q1);
    jboolean ok = a.env->CallStaticBooleanMethod(jvm_->bridge, jvm_->checkMotion, handle_, a.q0, a.q1, a.out);
    jvm_->rethrow(a.env);
    if (ok == JNI_TRUE) {
        return true;
    }
    a.env->GetDoubleArrayRegion(a.out, 0, 1, &fraction);
    a.env->GetDoubleArrayRegion(a.out, 1, a.n, lastValid);
    return false;
}

MotionCheck Checker::checkMotion(const std::vector<double>& q0, const std::vector<double>& q1) const {
    checkSize(q0, "checkMotion q0");
    checkSize(q1, "checkMotion q1");
    MotionCheck m;
    m.lastValid = q1;
    m.lastValidFraction = 1;
    m.free = checkMotion(q0.data(), q1.data(), m.lastValid.data(), m.lastValidFraction);
    return m;
}

Verdict Checker::certify(const std::vector<std::vector<double>>& path) const {
    std::vector<double> flat;
    for (const std::vector<double>& q : path) {
        checkSize(q, "certify waypoint");
        flat.insert(flat.end(), q.begin(), q.end());
    }
    JNIEnv* e = jvm_->env();
    LocalFrame frame(e, 8);
    jdoubleArray a = e->NewDoubleArray(static_cast<jsize>(flat.size()));
    jvm_->rethrow(e);
    e->SetDoubleArrayRegion(a, 0, static_cast<jsize>(flat.size()), flat.data());
    auto v = static_cast<jstring>(e->CallStaticObjectMethod(jvm_->bridge, jvm_->certifyPath, handle_, a));
    jvm_->rethrow(e);
    const char* c = e->GetStringUTFChars(v, nullptr);
    std::string name = c;
    e->ReleaseStringUTFChars(v, c);
    if (name == "CERTIFIED_FREE") {
        return Verdict::CertifiedFree;
    }
    if (name == "VIOLATION") {
        return Verdict::Violation;
    }
    if (name == "INCONCLUSIVE") {
        return Verdict::Inconclusive;
    }
    throw Error(ErrorKind::Internal, "certify: unknown verdict " + name + " (jar and library of different versions?)");
}

double Checker::timeIsValidInJvm(const std::vector<double>& states, int rounds, long& valid) const {
    JNIEnv* e = jvm_->env();
    LocalFrame frame(e, 8);
    jdoubleArray a = e->NewDoubleArray(static_cast<jsize>(states.size()));
    jlongArray out = e->NewLongArray(1);
    jvm_->rethrow(e);
    e->SetDoubleArrayRegion(a, 0, static_cast<jsize>(states.size()), states.data());
    jlong ns = e->CallStaticLongMethod(jvm_->bridge, jvm_->timeIsValid, handle_, a, rounds, out);
    jvm_->rethrow(e);
    jlong v = 0;
    e->GetLongArrayRegion(out, 0, 1, &v);
    valid = static_cast<long>(v);
    return static_cast<double>(ns) * 1e-9;
}

void Checker::checkSize(const std::vector<double>& q, const char* what) const {
    if (q.size() != names_.size()) {
        throw Error(ErrorKind::Usage, std::string(what) + ": configuration has " + std::to_string(q.size()) +
                    " values, the planning group '" + group_ + "' has " + std::to_string(names_.size()));
    }
}

}  // namespace collide4j
