// Benchmark only: validators that wrap the plug-in's and count and time every call a planner makes, by edge length,
// so that a run says where an OMPL planner's checking time goes (how many isValid / checkMotion calls, how long each
// kind takes, free and blocked apart). Thread CPU time per call (CLOCK_THREAD_CPUTIME_ID: a loaded machine's other
// processes do not count), less the clock's own cost, calibrated once; the planner's CPU time is measured around
// solve() as before.
#pragma once

#include "timing.h"

#include <ompl/base/MotionValidator.h>
#include <ompl/base/SpaceInformation.h>
#include <ompl/base/StateValidityChecker.h>

#include <array>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <utility>

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

    /** Adds one problem's calls (the solved ones only, so that a problem run into the time limit does not skew). */
    void add(const Profile& o) {
        isValid.add(o.isValid);
        for (std::size_t k = 0; k < motion.size(); k++) {
            motion[k].add(o.motion[k]);
        }
        problems += o.problems;
        planningSeconds += o.planningSeconds;
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
    }
};

class ProfiledStates : public ompl::base::StateValidityChecker {
public:
    ProfiledStates(const ompl::base::SpaceInformationPtr& si, ompl::base::StateValidityCheckerPtr inner,
                   Profile& profile)
        : ompl::base::StateValidityChecker(si), inner_(std::move(inner)), profile_(profile) {
        specs_ = inner_->getSpecs();
    }
    bool isValid(const ompl::base::State* s) const override {
        double t0 = threadCpu();
        bool ok = inner_->isValid(s);
        profile_.isValid.add(ok, since(t0));
        return ok;
    }

private:
    ompl::base::StateValidityCheckerPtr inner_;
    Profile& profile_;
};

class ProfiledMotions : public ompl::base::MotionValidator {
public:
    ProfiledMotions(const ompl::base::SpaceInformationPtr& si, ompl::base::MotionValidatorPtr inner, Profile& profile)
        : ompl::base::MotionValidator(si), inner_(std::move(inner)), profile_(profile) {}
    bool checkMotion(const ompl::base::State* s1, const ompl::base::State* s2) const override {
        double t0 = threadCpu();
        bool ok = inner_->checkMotion(s1, s2);
        record(s1, s2, ok, since(t0));
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

    ompl::base::MotionValidatorPtr inner_;
    Profile& profile_;
};

}  // namespace bench
