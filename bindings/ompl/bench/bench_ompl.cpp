// Benchmark (not a test): the JNI cost of isValid against the same call inside the JVM, and OMPL's RRTConnect with
// collide4j (through the plug-in) on MotionBenchMaker Panda problems, every returned path certified.
//   bench_ompl --problems DIR [--per-scenario K] [--time-limit S] [--margin M] [--overhead-states N] [--out CSV]
//              [--planner RRTConnect|LBKPIECE1|LazyRRT] [--failed-paths DIR (paths not certified free, as CSV)]
//              [--certify-margin M (default: the planning margin)] [--range R (RRTConnect's; default OMPL's)]
//              [--planning-margin] [--profile] [--motion-sample-step S (the plug-in's discrete pre-rejection step)]
// --planning-margin: the validators check at margin + 2 x tolerance (Options::extra), paths are certified at M.
// --profile: count and time every validator call (bench/profile.h) and print where the checking time goes.
// DIR: problems.csv and scene files from tests/data/extract_problems.py (... OUT all for the 700 problems).
// CPU is the planning thread's CPU time (CLOCK_THREAD_CPUTIME_ID): the Java checks run on that thread too.
#include "collide4j/ompl.h"
#include "profile.h"
#include "timing.h"
#include "../tests/problems.h"

#include <ompl/geometric/SimpleSetup.h>
#include <ompl/geometric/planners/kpiece/LBKPIECE1.h>
#include <ompl/geometric/planners/rrt/LazyRRT.h>
#include <ompl/geometric/planners/rrt/RRTConnect.h>
#include <ompl/util/Console.h>
#include <ompl/util/RandomNumbers.h>

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <map>
#include <random>
#include <sstream>

namespace ob = ompl::base;
namespace og = ompl::geometric;

namespace {

using bench::quantile;
using bench::threadCpu;

/** JNI isValid against the same loop inside the JVM, on the same states, alternating, median of the rounds. */
void overhead(int states) {
    collide4j::Options o;
    o.robot = "panda";
    o.scene = "table_shelf";
    collide4j::Checker c(o);
    std::mt19937_64 rng(27);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<double> flat(static_cast<std::size_t>(states) * c.dimension());
    for (std::size_t k = 0; k < flat.size(); k++) {
        std::size_t i = k % c.dimension();
        flat[k] = c.lowerLimits()[i] + u(rng) * (c.upperLimits()[i] - c.lowerLimits()[i]);
    }
    // Thread CPU time for both (the in-JVM loop runs on this thread too), so that other processes on a shared
    // machine do not count; the Java loop's setup (copying the states into arrays) is measured with 0 rounds and
    // subtracted.
    const int passes = 5;
    std::vector<double> jni, jvm;
    for (int round = 0; round < 13; round++) {   // the first 3 rounds warm the JIT and are not counted
        double c0 = threadCpu();
        long validJni = 0;
        for (int r = 0; r < passes; r++) {
            for (int k = 0; k < states; k++) {
                validJni += c.isValid(flat.data() + static_cast<std::size_t>(k) * c.dimension());
            }
        }
        double c1 = threadCpu();
        long validJvm = 0, none = 0;
        c.timeIsValidInJvm(flat, passes, validJvm);
        double c2 = threadCpu();
        c.timeIsValidInJvm(flat, 0, none);
        double c3 = threadCpu();
        if (validJni != validJvm) {
            throw std::runtime_error("JNI and in-JVM verdict counts differ");
        }
        if (round >= 3) {
            jni.push_back((c1 - c0) / (passes * states) * 1e6);
            jvm.push_back(((c2 - c1) - (c3 - c2)) / (passes * states) * 1e6);
        }
    }
    std::vector<double> diff(jni.size());
    for (std::size_t i = 0; i < jni.size(); i++) {
        diff[i] = jni[i] - jvm[i];
    }
    std::printf("isValid over %d random Panda states in table_shelf, thread CPU (median of 10 alternating rounds of "
                "%d passes):\n", states, passes);
    std::printf("  through JNI %.3f us, inside the JVM %.3f us, JNI overhead %.3f us per call (rounds: %.3f..%.3f)\n",
                quantile(jni, 0.5), quantile(jvm, 0.5), quantile(diff, 0.5), quantile(diff, 0), quantile(diff, 1));
}

}  // namespace

int main(int argc, char** argv) {
    std::string dir, outCsv, planner = "RRTConnect", failedDir;
    int perScenario = 1000, overheadStates = 20000;
    double timeLimit = 10, margin = 0, certifyMargin = -1, range = 0;
    std::string sampleStep;
    bool planningMargin = false, profiled = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--planning-margin") {
            planningMargin = true;
            continue;
        }
        if (a == "--profile") {
            profiled = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "%s needs a value\n", a.c_str());
            return 64;
        }
        std::string v = argv[++i];
        if (a == "--problems") dir = v;
        else if (a == "--range") range = std::stod(v);
        else if (a == "--motion-sample-step") sampleStep = v;
        else if (a == "--per-scenario") perScenario = std::stoi(v);
        else if (a == "--time-limit") timeLimit = std::stod(v);
        else if (a == "--margin") margin = std::stod(v);
        else if (a == "--overhead-states") overheadStates = std::stoi(v);
        else if (a == "--out") outCsv = v;
        else if (a == "--planner") planner = v;
        else if (a == "--failed-paths") failedDir = v;
        else if (a == "--certify-margin") certifyMargin = std::stod(v);
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 64;
        }
    }
    auto t0 = std::chrono::steady_clock::now();
    auto since = [&t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    collide4j::Jvm& jvm = collide4j::Jvm::start();
    double tJvm = since();
    {
        collide4j::Options o;
        o.robot = "panda";
        o.scene = "table_shelf";
        collide4j::Checker first(o);
        double tLoad = since();
        bool ok = first.isValid(std::vector<double>{0, -0.785, 0, -2.356, 0, 1.571, 0.785});
        std::printf("first answer (%s) %.3f s after main: JVM %.3f s, Panda in table_shelf loaded at %.3f s "
                    "(CDS archive: %s)\n", ok ? "valid" : "invalid", since(), tJvm, tLoad,
                    jvm.cdsArchive().empty() ? "none" : jvm.cdsArchive().c_str());
    }
    if (overheadStates > 0) {
        overhead(overheadStates);
    }
    std::printf("(process start to here: %.2f s)\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    if (dir.empty()) {
        return 0;
    }
    ompl::RNG::setSeed(27);
    ompl::msg::setLogLevel(ompl::msg::LOG_ERROR);
    std::ofstream csv(outCsv.empty() ? "/dev/null" : outCsv);
    csv << "scenario,index,outcome,cpu_s,waypoints,verdict,is_valid_calls,check_motion_calls,validator_cpu_s\n";
    std::map<std::string, int> taken, outcomes, verdicts;
    std::vector<double> cpu;
    bench::Profile profile;
    for (const mbm::Problem& p : mbm::readProblems(dir + "/problems.csv")) {
        if (taken[p.scenario]++ >= perScenario) {
            continue;
        }
        collide4j::Options o;
        o.robot = "panda";
        o.scene = dir + "/" + p.scene;
        o.margin = margin;
        if (planningMargin) {
            o.extra.push_back("--planning-margin");
        }
        if (!sampleStep.empty()) {
            o.extra.push_back("--motion-sample-step");
            o.extra.push_back(sampleStep);
        }
        auto checker = std::make_shared<collide4j::Checker>(o);
        std::shared_ptr<collide4j::Checker> certifier = checker;
        if (certifyMargin >= 0 && certifyMargin != margin) {   // plan with one margin, certify with another
            o.margin = certifyMargin;
            o.extra.clear();
            certifier = std::make_shared<collide4j::Checker>(o);
        }
        bench::Profile one;   // this problem's calls, added to the run's when solved
        bench::KnownStates known(7);   // what the bridge's KnownValidStates would hold (unbounded here)
        std::string outcome = "SOLVED", verdict = "-";
        double spent = NAN;
        std::size_t waypoints = 0;
        if (!checker->isValid(p.start)) {
            outcome = "INVALID_START";
        } else if (!checker->isValid(p.goal)) {
            outcome = "INVALID_GOAL";
        } else {
            auto space = collide4j::ompl::makeStateSpace(*checker);
            og::SimpleSetup ss(space);
            collide4j::ompl::configure(ss.getSpaceInformation(), checker);
            ob::ScopedState<ob::RealVectorStateSpace> s(space), g(space);
            for (int i = 0; i < 7; i++) {
                s[i] = p.start[i];
                g[i] = p.goal[i];
            }
            ss.setStartAndGoalStates(s, g);
            auto si = ss.getSpaceInformation();
            if (profiled) {
                si->setStateValidityChecker(
                    std::make_shared<bench::ProfiledStates>(si, si->getStateValidityChecker(), one, known));
                si->setMotionValidator(std::make_shared<bench::ProfiledMotions>(
                    si, si->getMotionValidator(), one, known, checker,
                    sampleStep.empty() ? 0.25 : std::stod(sampleStep)));
            }
            if (planner == "LBKPIECE1") {
                ss.setPlanner(std::make_shared<og::LBKPIECE1>(si));
            } else if (planner == "LazyRRT") {
                ss.setPlanner(std::make_shared<og::LazyRRT>(si));
            } else if (planner == "RRTConnect") {
                auto rrt = std::make_shared<og::RRTConnect>(si);
                if (range > 0) {
                    rrt->setRange(range);
                }
                ss.setPlanner(rrt);
            } else {
                throw std::runtime_error("--planner: RRTConnect, LBKPIECE1 or LazyRRT, got " + planner);
            }
            ss.setup();
            double c0 = threadCpu();
            ob::PlannerStatus st = ss.solve(timeLimit);
            spent = threadCpu() - c0 - one.excludedSeconds;   // less the profile's untimed replays
            if (st != ob::PlannerStatus::EXACT_SOLUTION) {
                outcome = "NOT_SOLVED";
            } else {
                cpu.push_back(spent);
                one.problems = 1;
                one.planningSeconds = spent;
                profile.add(one);
                const og::PathGeometric& path = ss.getSolutionPath();
                waypoints = path.getStateCount();
                std::vector<std::vector<double>> q;
                for (std::size_t k = 0; k < waypoints; k++) {
                    const double* v = path.getState(k)->as<ob::RealVectorStateSpace::StateType>()->values;
                    q.emplace_back(v, v + 7);
                }
                collide4j::Verdict vd = certifier->certify(q);
                verdict = vd == collide4j::Verdict::CertifiedFree ? "CERTIFIED_FREE"
                          : vd == collide4j::Verdict::Violation  ? "VIOLATION"
                                                                 : "INCONCLUSIVE";
                verdicts[verdict]++;
                if (vd != collide4j::Verdict::CertifiedFree && !failedDir.empty()) {
                    // the path as a trajectory CSV, to look at with collide4j certify / check
                    std::ofstream f(failedDir + "/" + p.scenario + "_" + std::to_string(p.index) + ".csv");
                    f << "time";
                    for (const std::string& n : checker->variableNames()) {
                        f << "," << n;
                    }
                    f << "\n" << std::setprecision(17);
                    for (std::size_t k = 0; k < q.size(); k++) {
                        f << k;
                        for (double v : q[k]) {
                            f << "," << v;
                        }
                        f << "\n";
                    }
                }
            }
        }
        outcomes[outcome]++;
        long motions = 0;
        double validatorCpu = one.isValid.seconds;
        for (const bench::CallStats& m : one.motion) {
            motions += m.calls;
            validatorCpu += m.seconds;
        }
        csv << p.scenario << "," << p.index << "," << outcome << "," << spent << "," << waypoints << "," << verdict
            << "," << one.isValid.calls << "," << motions << "," << validatorCpu << "\n";
    }
    std::printf("OMPL %s + collide4j (JNI), margin %g%s (paths certified at %g), range %s, motion sample step %s, "
                "time limit %g s:\n", planner.c_str(), margin, planningMargin ? " + 2 x tolerance" : "",
                certifyMargin >= 0 ? certifyMargin : margin, range > 0 ? std::to_string(range).c_str() : "OMPL's",
                sampleStep.empty() ? "default" : sampleStep.c_str(), timeLimit);
    for (const auto& o : outcomes) {
        std::printf("  %-14s %d\n", o.first.c_str(), o.second);
    }
    std::printf("  solved-path CPU: median %.2f ms, p90 %.2f ms\n", 1e3 * quantile(cpu, 0.5), 1e3 * quantile(cpu, 0.9));
    for (const auto& v : verdicts) {
        std::printf("  paths %-14s %d\n", v.first.c_str(), v.second);
    }
    if (profiled) {
        profile.print();
    }
    return 0;
}
