// Benchmark only: validators that wrap the plug-in's and count and time every call a planner makes, by edge length,
// so that a run says where an OMPL planner's checking time goes (how many isValid / checkMotion calls, how long each
// kind takes, free and blocked apart). Thread CPU time per call (CLOCK_THREAD_CPUTIME_ID: a loaded machine's other
// processes do not count), less the clock's own cost, calibrated once; the planner's CPU time is measured around
// solve() as before.
#pragma once

#include "timing.h"

#include "collide4j/Checker.h"

#include <ompl/base/MotionValidator.h>
#include <ompl/base/SpaceInformation.h>
#include <ompl/base/StateValidityChecker.h>

#include <array>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace bench {

/** What one pair of threadCpu() reads adds to a measured call, measured once (median of 5 runs of 2000). */
inline double clockCost() {
    static const double cost = [] {
        std::vector<double> runs;
        for (int r = 0; r < 5; r++) {
            double t0 = threadCpu();
            for (int k = 0; k < 2000; k++) {
                threadCpu();
            }
            runs.push_back((threadCpu() - t0) / 2000);
        }
        return 2 * quantile(runs, 0.5);
    }();
    return cost;
}

/** CPU seconds since t0, less the clock's own cost (never below 0). */
inline double since(double t0) {
    return std::max(0.0, threadCpu() - t0 - clockCost());
}

/** Calls, free answers and seconds spent, for one kind of call. */
struct CallStats {
    long calls = 0;
    long free = 0;
    double seconds = 0;
    double freeSeconds = 0;

    void add(const CallStats& o) {
        calls += o.calls;
        free += o.free;
        seconds += o.seconds;
        freeSeconds += o.freeSeconds;
    }
    void add(bool ok, double s) {
        calls++;
        free += ok ? 1 : 0;
        seconds += s;
        freeSeconds += ok ? s : 0;
    }
    void print(const char* what, long problems) const {
        if (calls == 0) {
            return;
        }
        long blocked = calls - free;
        std::printf("  %-24s %8.1f calls/problem %7.2f us/call, %5.1f %% free (%7.2f us), blocked %7.2f us; %7.3f s\n",
                    what, static_cast<double>(calls) / static_cast<double>(problems),
                    1e6 * seconds / static_cast<double>(calls),
                    100.0 * static_cast<double>(free) / static_cast<double>(calls),
                    free > 0 ? 1e6 * freeSeconds / static_cast<double>(free) : 0.0,
                    blocked > 0 ? 1e6 * (seconds - freeSeconds) / static_cast<double>(blocked) : 0.0, seconds);
    }
};

/** Everything one run's planners asked of the validators (single-threaded planners: no synchronisation). */
struct Profile {
    // edge length (joint-space distance) classes of checkMotion calls: upper bounds in rad
    static constexpr std::array<double, 5> kEdgeBounds{0.1, 0.5, 1.0, 2.0, 1e300};
    CallStats isValid;
    std::array<CallStats, kEdgeBounds.size()> motion{};
    long problems = 0;
    double planningSeconds = 0;   // thread CPU of solve(), summed over the profiled problems
    // How blocked motions were refused, replayed untimed after each blocked call with the checker's discrete sample
    // order (q1, then the interior points in van der Corput order at the sample step): refused[0] by q1, refused[k]
    // by the k-th interior sample, refusedByProof by the continuous check (every sample valid).
    std::array<long, 8> refused{};
    std::array<long, 8> refusedKnownEnd{};   // the same for motions whose q1 was known valid
    long refusedByProofKnownEnd = 0;
    long refusedLater = 0;    // by an interior sample after the 7th
    long refusedByProof = 0;
    // What a per-thread memo of exact states can skip: motion ends (q1) an earlier isValid accepted (what the bridge's
    // KnownValidStates holds, unbounded here), and motions sharing an endpoint with the previous free motion (where a
    // proof's end could seed the next proof's start).
    long endKnownValid = 0;
    long sharesEndpointWithLastFree = 0;
    double excludedSeconds = 0;   // the replay's own CPU, taken out of planningSeconds

    /** Adds one problem's calls (the solved ones only, so that a problem run into the time limit does not skew). */
    void add(const Profile& o) {
        isValid.add(o.isValid);
        for (std::size_t k = 0; k < motion.size(); k++) {
            motion[k].add(o.motion[k]);
        }
        problems += o.problems;
        planningSeconds += o.planningSeconds;
        for (std::size_t k = 0; k < refused.size(); k++) {
            refused[k] += o.refused[k];
            refusedKnownEnd[k] += o.refusedKnownEnd[k];
        }
        refusedByProofKnownEnd += o.refusedByProofKnownEnd;
        refusedLater += o.refusedLater;
        refusedByProof += o.refusedByProof;
        endKnownValid += o.endKnownValid;
        sharesEndpointWithLastFree += o.sharesEndpointWithLastFree;
        excludedSeconds += o.excludedSeconds;
    }

    void print() const {
        double validator = isValid.seconds;
        CallStats all;
        for (const CallStats& m : motion) {
            validator += m.seconds;
            all.add(m);
        }
        std::printf("where the checking time goes (%ld solved problems, %.3f s planning CPU; per-call thread CPU less"
                    " %.3f us of clock reads):\n", problems, planningSeconds, 1e6 * clockCost());
        isValid.print("isValid", problems);
        all.print("checkMotion (all)", problems);
        double lo = 0;
        char label[64];
        for (std::size_t k = 0; k < motion.size(); k++) {
            if (kEdgeBounds[k] > 1e299) {
                std::snprintf(label, sizeof label, "  edge >= %.1f rad", lo);
            } else {
                std::snprintf(label, sizeof label, "  edge %.1f-%.1f rad", lo, kEdgeBounds[k]);
            }
            motion[k].print(label, problems);
            lo = kEdgeBounds[k];
        }
        std::printf("  validators %.1f %% of planning CPU; OMPL itself (sampling, nearest neighbours) the rest\n",
                    planningSeconds > 0 ? 100.0 * validator / planningSeconds : 0.0);
        double n = static_cast<double>(problems > 0 ? problems : 1);
        std::printf("  blocked motions refused (per problem): by q1 %.1f, by interior sample 1..7 ", refused[0] / n);
        for (std::size_t k = 1; k < refused.size(); k++) {
            std::printf("%s%.1f", k > 1 ? "/" : "", refused[k] / n);
        }
        std::printf(", later %.1f, by the continuous check %.1f\n", refusedLater / n, refusedByProof / n);
        std::printf("  of which q1 known valid: by q1 %.1f, by interior sample 1..7 ", refusedKnownEnd[0] / n);
        for (std::size_t k = 1; k < refused.size(); k++) {
            std::printf("%s%.1f", k > 1 ? "/" : "", refusedKnownEnd[k] / n);
        }
        std::printf(", by the continuous check %.1f\n", refusedByProofKnownEnd / n);
        std::printf("  motions whose q1 an earlier isValid accepted (exact bits): %.1f;"
                    " sharing an endpoint with the previous free motion: %.1f (per problem)\n", endKnownValid / n,
                    sharesEndpointWithLastFree / n);
    }
};

inline const double* values(const ompl::base::State* s) {
    return s->as<ompl::base::RealVectorStateSpace::StateType>()->values;
}

/** Every state an isValid accepted so far in this problem, compared bit for bit. */
struct KnownStates {
    std::size_t dim;
    std::set<std::string> seen;
    explicit KnownStates(std::size_t d) : dim(d) {}
    void add(const double* q) { seen.emplace(reinterpret_cast<const char*>(q), dim * sizeof(double)); }
    bool has(const double* q) const {
        return seen.count(std::string(reinterpret_cast<const char*>(q), dim * sizeof(double))) > 0;
    }
};

class ProfiledStates : public ompl::base::StateValidityChecker {
public:
    ProfiledStates(const ompl::base::SpaceInformationPtr& si, ompl::base::StateValidityCheckerPtr inner,
                   Profile& profile, KnownStates& known)
        : ompl::base::StateValidityChecker(si), inner_(std::move(inner)), profile_(profile), known_(known) {
        specs_ = inner_->getSpecs();
    }
    bool isValid(const ompl::base::State* s) const override {
        double t0 = threadCpu();
        bool ok = inner_->isValid(s);
        profile_.isValid.add(ok, since(t0));
        if (ok) {
            known_.add(values(s));
        }
        return ok;
    }

private:
    ompl::base::StateValidityCheckerPtr inner_;
    Profile& profile_;
    KnownStates& known_;
};

class ProfiledMotions : public ompl::base::MotionValidator {
public:
    ProfiledMotions(const ompl::base::SpaceInformationPtr& si, ompl::base::MotionValidatorPtr inner, Profile& profile,
                    KnownStates& known, std::shared_ptr<const collide4j::Checker> checker, double sampleStep)
        : ompl::base::MotionValidator(si), inner_(std::move(inner)), profile_(profile), known_(known),
          checker_(std::move(checker)), sampleStep_(sampleStep), lastFree0_(known.dim), lastFree1_(known.dim),
          q_(known.dim) {}
    bool checkMotion(const ompl::base::State* s1, const ompl::base::State* s2) const override {
        bool endKnown = known_.has(values(s2));
        double t0 = threadCpu();
        bool ok = inner_->checkMotion(s1, s2);
        record(s1, s2, ok, since(t0));
        double r0 = threadCpu();
        replay(values(s1), values(s2), ok, endKnown);
        profile_.excludedSeconds += threadCpu() - r0;
        return ok;
    }
    bool checkMotion(const ompl::base::State* s1, const ompl::base::State* s2,
                     std::pair<ompl::base::State*, double>& lastValid) const override {
        double t0 = threadCpu();
        bool ok = inner_->checkMotion(s1, s2, lastValid);
        record(s1, s2, ok, since(t0));
        return ok;
    }

private:
    void record(const ompl::base::State* s1, const ompl::base::State* s2, bool ok, double s) const {
        double len = si_->distance(s1, s2);
        std::size_t k = 0;
        while (len >= Profile::kEdgeBounds[k]) {
            k++;
        }
        profile_.motion[k].add(ok, s);
        (ok ? valid_ : invalid_)++;
    }

    /** Untimed: which check refused a blocked motion, and what an exact-state cache would have known. */
    void replay(const double* q0, const double* q1, bool ok, bool endKnown) const {
        std::size_t n = known_.dim;
        profile_.endKnownValid += endKnown ? 1 : 0;
        bool shares = haveLastFree_ && (std::memcmp(q0, lastFree1_.data(), n * sizeof(double)) == 0 ||
                                        std::memcmp(q1, lastFree0_.data(), n * sizeof(double)) == 0);
        profile_.sharesEndpointWithLastFree += shares ? 1 : 0;
        if (ok) {
            std::memcpy(lastFree0_.data(), q0, n * sizeof(double));
            std::memcpy(lastFree1_.data(), q1, n * sizeof(double));
            haveLastFree_ = true;
            return;
        }
        if (!checker_->isValid(q1)) {
            profile_.refused[0]++;
            profile_.refusedKnownEnd[0] += endKnown ? 1 : 0;
            return;
        }
        // the checker's order (CollisionChecker.isMotionFree): the least power of two of cells <= the step, at most 64
        double sq = 0;
        for (std::size_t i = 0; i < n; i++) {
            sq += (q1[i] - q0[i]) * (q1[i] - q0[i]);
        }
        double cells = std::sqrt(sq) / sampleStep_;
        int bits = 0;
        while (bits < 6 && (1 << bits) < cells) {
            bits++;
        }
        int cellCount = 1 << bits;
        for (int k = 1; k < cellCount; k++) {
            unsigned rev = 0;
            for (int b = 0; b < bits; b++) {
                rev |= ((static_cast<unsigned>(k) >> b) & 1u) << (bits - 1 - b);
            }
            double s = static_cast<double>(rev) / cellCount;
            for (std::size_t i = 0; i < n; i++) {
                q_[i] = q0[i] + s * (q1[i] - q0[i]);
            }
            if (!checker_->isValid(q_.data())) {
                if (static_cast<std::size_t>(k) < profile_.refused.size()) {
                    profile_.refused[static_cast<std::size_t>(k)]++;
                    profile_.refusedKnownEnd[static_cast<std::size_t>(k)] += endKnown ? 1 : 0;
                } else {
                    profile_.refusedLater++;
                }
                return;
            }
        }
        profile_.refusedByProof++;
        profile_.refusedByProofKnownEnd += endKnown ? 1 : 0;
    }

    ompl::base::MotionValidatorPtr inner_;
    Profile& profile_;
    KnownStates& known_;
    std::shared_ptr<const collide4j::Checker> checker_;
    double sampleStep_;
    mutable std::vector<double> lastFree0_, lastFree1_, q_;
    mutable bool haveLastFree_ = false;
};

}  // namespace bench
