// collide4j::Checker: a certified collision checker (robot in a scene) living in the process's JVM.
#pragma once

#include "collide4j/Jvm.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace collide4j {

/**
 * What to check: the collide4j command line's robot and scene options, with its defaults (robot "panda", scene
 * "table_shelf", margin 0, a bundled robot's first SRDF group). Empty fields are not passed.
 */
struct Options {
    std::string robot;                       // bundled robot name (--robot), or
    std::string urdf;                        // a URDF file (--urdf)
    std::string srdf;                        // its SRDF (--srdf)
    std::vector<std::string> packagePaths;   // folders package:// resolves against (--package-path)
    std::string scene;                       // bundled scene name, .json / MoveIt .yaml file, or "none" (--scene)
    std::optional<double> margin;            // required separation in metres (--margin)
    std::string group;                       // SRDF planning group (--group)
    std::vector<std::pair<std::string, double>> hold;  // joints outside the group at fixed values (--hold)
    std::vector<std::string> extra;          // any other checking option, e.g. {"--padding", "panda_hand=0.005"}

    /** The command-line arguments these options stand for. */
    std::vector<std::string> arguments() const;
};

/** The certified motion check with its last valid state (earliest contact). */
struct MotionCheck {
    bool free = false;
    double lastValidFraction = 0;   // largest fraction certified free (0 when INCONCLUSIVE or blocked at once)
    std::vector<double> lastValid;  // q0 + fraction (q1 - q0)
};

/** A trajectory certificate's verdict. */
enum class Verdict { CertifiedFree, Violation, Inconclusive };

/**
 * A loaded robot in a scene. Every "valid"/"free" answer is certified (never wrong for the modelled geometry);
 * NaN, infinite or out-of-limit values are invalid, never valid.
 *
 * Thread safety: share one Checker between planner threads. Each thread gets its own query scratch in Java and its
 * own JNI argument arrays; no lock is taken on the query path. Queries allocate nothing (checkMotion's MotionCheck
 * overload excepted).
 */
class Checker {
public:
    /** Loads robot and scene; throws Error (Usage, BadInput, MissingInput, JvmStart) with collide4j's message. */
    explicit Checker(const Options& options, const JvmOptions& jvm = {});
    ~Checker();
    Checker(const Checker&) = delete;
    Checker& operator=(const Checker&) = delete;

    std::size_t dimension() const { return names_.size(); }
    const std::vector<std::string>& variableNames() const { return names_; }
    const std::vector<double>& lowerLimits() const { return lower_; }
    const std::vector<double>& upperLimits() const { return upper_; }
    double margin() const { return margin_; }
    const std::string& group() const { return group_; }

    /** q has dimension() values. Certified: within limits and every checked pair farther apart than the margin. */
    bool isValid(const double* q) const;
    bool isValid(const std::vector<double>& q) const;

    /** Certified lower bound on the closest checked pair's distance (m; margin not subtracted; +inf if none). */
    double clearance(const double* q) const;

    /** Certified boolean check of the straight joint-space motion q0 -> q1 (continuous, not sampled). */
    bool isMotionFree(const double* q0, const double* q1) const;

    /**
     * The continuous check with earliest contact: true when free; otherwise lastValid (dimension() values) and
     * fraction get the last certified-free state (q0 and 0 when nothing beyond q0 is certified).
     */
    bool checkMotion(const double* q0, const double* q1, double* lastValid, double& fraction) const;
    MotionCheck checkMotion(const std::vector<double>& q0, const std::vector<double>& q1) const;

    /**
     * Certifies a path (waypoint k at time k s, straight segments between waypoints) as `collide4j certify` does,
     * with this checker's margin.
     */
    Verdict certify(const std::vector<std::vector<double>>& path) const;

    /**
     * Benchmark reference: seconds for `rounds` passes of isValid over `states` (dimension() values each, one after
     * another) called inside the JVM, not through JNI; `valid` gets how many answers were true.
     */
    double timeIsValidInJvm(const std::vector<double>& states, int rounds, long& valid) const;

    Jvm& jvm() const { return *jvm_; }

private:
    void checkSize(const std::vector<double>& q, const char* what) const;

    Jvm* jvm_;
    jobject handle_ = nullptr;   // global reference to NativeBridge.Handle
    std::vector<std::string> names_;
    std::vector<double> lower_, upper_;
    double margin_ = 0;
    std::string group_;
};

}  // namespace collide4j
