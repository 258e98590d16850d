// Benchmark (not a test), side by side on the same MotionBenchMaker Panda problems in one run:
//   (a) OMPL RRTConnect + collide4j through the plug-in (certified states and continuous motions), and
//   (b) OMPL RRTConnect + FCL 0.7 on the arm-bench harness's Panda model (shared/peers/arm-bench: convex hulls and
//       boxes, broadphase variant, fingers at 0.04 m), motions sampled by OMPL's DiscreteMotionValidator at its
//       default resolution (1 % of the space's maximum extent);
// solved, median and p90 planning CPU (thread CPU time), and every returned path certified by collide4j (margin as
// given): a VIOLATION of an FCL path means collide4j cannot prove clearance above the margin along it (its model is
// conservative, covering hulls, and not FCL's: other meshes, the fingers differ). Each FCL path is also swept at
// 0.01 % of the extent (100x OMPL's default) with FCL's own model: a collision there is one FCL's 1 % sampling missed.
//   bench_fcl --problems DIR [--data DIR] [--per-scenario K] [--time-limit S] [--margin M] [--out CSV]
// DIR: the unzipped problems/ folder of problems.zip (scenario folders with sceneNNNN.yaml, requestNNNN.yaml).
// Built only with -DARM_BENCH_SOURCE=.../arm_bench.cpp (Debian libfcl-dev libccd-dev libtinyxml2-dev libyaml-cpp-dev).
#define main arm_bench_main
#include ARM_BENCH_SOURCE
#undef main

#include "collide4j/ompl.h"
#include "timing.h"

#include <ompl/base/spaces/RealVectorStateSpace.h>
#include <ompl/geometric/SimpleSetup.h>
#include <ompl/geometric/planners/rrt/RRTConnect.h>
#include <ompl/util/Console.h>
#include <ompl/util/RandomNumbers.h>

#include <time.h>

namespace ob = ompl::base;
namespace og = ompl::geometric;

namespace {

using bench::quantile;
using bench::threadCpu;

struct Outcome {
    std::string status = "SOLVED";   // SOLVED, INVALID_START, INVALID_GOAL, NOT_SOLVED
    double cpu = NAN;
    std::string verdict = "-";
    std::vector<std::vector<double>> path;
    int fineColliding = -1;   // FCL paths: 1 when FCL's own model finds a colliding state 100x finer, else 0
};

/** RRTConnect on a space information already given its validity checking; the path certified by `certifier`. */
Outcome plan(og::SimpleSetup& ss, const std::vector<double>& start, const std::vector<double>& goal, double limit,
             const collide4j::Checker& certifier) {
    Outcome o;
    auto space = ss.getStateSpace();
    ob::ScopedState<> s(space), g(space);
    for (std::size_t i = 0; i < start.size(); i++) {
        s[i] = start[i];
        g[i] = goal[i];
    }
    if (!ss.getSpaceInformation()->isValid(s.get())) {
        o.status = "INVALID_START";
        return o;
    }
    if (!ss.getSpaceInformation()->isValid(g.get())) {
        o.status = "INVALID_GOAL";
        return o;
    }
    ss.setStartAndGoalStates(s, g);
    ss.setPlanner(std::make_shared<og::RRTConnect>(ss.getSpaceInformation()));
    ss.setup();
    double c0 = threadCpu();
    ob::PlannerStatus st = ss.solve(limit);
    o.cpu = threadCpu() - c0;
    if (st != ob::PlannerStatus::EXACT_SOLUTION) {
        o.status = "NOT_SOLVED";
        return o;
    }
    const og::PathGeometric& p = ss.getSolutionPath();
    for (std::size_t k = 0; k < p.getStateCount(); k++) {
        const double* v = p.getState(k)->as<ob::RealVectorStateSpace::StateType>()->values;
        o.path.emplace_back(v, v + start.size());
    }
    collide4j::Verdict vd = certifier.certify(o.path);
    o.verdict = vd == collide4j::Verdict::CertifiedFree ? "CERTIFIED_FREE"
                : vd == collide4j::Verdict::Violation  ? "VIOLATION"
                                                       : "INCONCLUSIVE";
    return o;
}

/** Whether FCL's own model collides anywhere on the path sampled every `step` rad (joint-space distance). */
bool collidesSampled(const std::vector<std::vector<double>>& path, ::Checker& fcl, double step) {
    std::vector<double> q(path.front().size());
    Hit hit;
    for (std::size_t k = 1; k < path.size(); k++) {
        double len = 0;
        for (std::size_t i = 0; i < q.size(); i++) {
            len += (path[k][i] - path[k - 1][i]) * (path[k][i] - path[k - 1][i]);
        }
        int n = std::max(1, static_cast<int>(std::ceil(std::sqrt(len) / step)));
        for (int j = 0; j <= n; j++) {
            for (std::size_t i = 0; i < q.size(); i++) {
                q[i] = path[k - 1][i] + (path[k][i] - path[k - 1][i]) * (static_cast<double>(j) / n);
            }
            if (fcl.check(BROADPHASE, q.data(), &hit)) {
                return true;
            }
        }
    }
    return false;
}

void summary(const char* name, const std::vector<Outcome>& all) {
    std::map<std::string, int> status, verdict;
    std::vector<double> cpu;
    for (const Outcome& o : all) {
        status[o.status]++;
        if (o.status == "SOLVED") {
            cpu.push_back(o.cpu);
            verdict[o.verdict]++;
        }
    }
    std::printf("%s:\n ", name);
    for (const auto& s : status) {
        std::printf(" %s %d", s.first.c_str(), s.second);
    }
    std::printf("\n  solved: median CPU %.2f ms, p90 %.2f ms\n  returned paths certified by collide4j:",
                1e3 * quantile(cpu, 0.5), 1e3 * quantile(cpu, 0.9));
    for (const auto& v : verdict) {
        std::printf(" %s %d", v.first.c_str(), v.second);
    }
    std::printf("\n");
    int fine = 0, fineViolation = 0, solved = 0;
    for (const Outcome& o : all) {
        if (o.fineColliding >= 0 && o.status == "SOLVED") {
            solved++;
            fine += o.fineColliding;
            fineViolation += o.fineColliding && o.verdict == "VIOLATION";
        }
    }
    if (solved > 0) {
        std::printf("  paths that collide in FCL's own model sampled 100x finer (0.01 %%): %d of %d (%d of them "
                    "collide4j VIOLATION)\n", fine, solved, fineViolation);
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string problems, data = ARM_BENCH_DATA, outCsv = "/dev/null";
    int perScenario = 1000;
    double limit = 10, margin = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string a = argv[i], v = argv[i + 1];
        if (a == "--problems") problems = v;
        else if (a == "--data") data = v;
        else if (a == "--per-scenario") perScenario = std::stoi(v);
        else if (a == "--time-limit") limit = std::stod(v);
        else if (a == "--margin") margin = std::stod(v);
        else if (a == "--out") outCsv = v;
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 64;
        }
    }
    if (problems.empty()) {
        std::fprintf(stderr, "usage: bench_fcl --problems DIR [--data DIR] [--per-scenario K] [--time-limit S] "
                             "[--margin M] [--out CSV]\n");
        return 64;
    }
    const std::string urdf = data + "/example-robot-data/robots/panda_description/urdf/panda.urdf";
    const std::string srdf = data + "/example-robot-data/robots/panda_description/srdf/panda.srdf";
    const Robot R = loadUrdf(urdf, data, 0.04);
    const RobotModel M = buildRobotModel(R, loadSrdfDisabled(srdf, R), GeomMode::HULL);
    ompl::RNG::setSeed(27);
    ompl::msg::setLogLevel(ompl::msg::LOG_ERROR);
    std::ofstream csv(outCsv);
    csv << "scenario,index,c4j_status,c4j_cpu_s,c4j_verdict,fcl_status,fcl_cpu_s,fcl_verdict,fcl_fine_colliding\n";
    std::vector<Outcome> c4j, fcl;
    for (const std::string& sc : listScenarios(problems)) {
        for (int k = 1; k <= perScenario && problemExists(problems + "/" + sc, k); k++) {
            Problem P = loadProblem(problems, sc, k, R);
            char scene[512];
            std::snprintf(scene, sizeof scene, "%s/%s/scene%04d.yaml", problems.c_str(), sc.c_str(), k);
            collide4j::Options o;
            o.robot = "panda";
            o.scene = scene;
            o.margin = margin;
            auto checker = std::make_shared<collide4j::Checker>(o);

            auto space = collide4j::ompl::makeStateSpace(*checker);
            og::SimpleSetup a(space);
            collide4j::ompl::configure(a.getSpaceInformation(), checker);
            Outcome oa = plan(a, P.start, P.goal, limit, *checker);

            auto fspace = std::make_shared<ob::RealVectorStateSpace>(R.dof());
            ob::RealVectorBounds b(R.dof());
            for (int i = 0; i < R.dof(); i++) {
                b.setLow(i, R.lo(i));
                b.setHigh(i, R.hi(i));
            }
            fspace->setBounds(b);
            og::SimpleSetup f(fspace);
            ::Checker fclChecker(R, M, P.objects);
            f.setStateValidityChecker([&fclChecker](const ob::State* s) {
                Hit hit;
                return !fclChecker.check(BROADPHASE, s->as<ob::RealVectorStateSpace::StateType>()->values, &hit);
            });
            f.getSpaceInformation()->setStateValidityCheckingResolution(0.01);   // OMPL's default, said explicitly
            Outcome ob_ = plan(f, P.start, P.goal, limit, *checker);
            if (ob_.status == "SOLVED") {
                ob_.fineColliding = collidesSampled(ob_.path, fclChecker, 1e-4 * fspace->getMaximumExtent());
            }

            c4j.push_back(oa);
            fcl.push_back(ob_);
            csv << sc << "," << k << "," << oa.status << "," << oa.cpu << "," << oa.verdict << "," << ob_.status << ","
                << ob_.cpu << "," << ob_.verdict << "," << ob_.fineColliding << "\n";
            csv.flush();
        }
    }
    std::printf("%zu problems, time limit %g s, certification margin %g m\n", c4j.size(), limit, margin);
    summary("OMPL RRTConnect + collide4j (JNI, certified motions)", c4j);
    summary("OMPL RRTConnect + FCL (arm-bench model, motions sampled at 1 %)", fcl);
    return 0;
}
