// OMPL's own planners (RRTConnect, PRM) solve MotionBenchMaker Panda problems through the plug-in, and every
// returned path is certified CERTIFIED_FREE by the collide4j command (a separate JVM, the jar's certify).
//   test_plan DATA_DIR JAVA JAR OUT_DIR
// DATA_DIR holds problems.csv and the scene files (tests/data/mbm); OUT_DIR receives paths, certificates, reports.
#include "check.h"
#include "collide4j/ompl.h"
#include "problems.h"

#include <ompl/geometric/SimpleSetup.h>
#include <ompl/geometric/planners/prm/PRM.h>
#include <ompl/geometric/planners/rrt/RRTConnect.h>
#include <ompl/util/Console.h>
#include <ompl/util/RandomNumbers.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace ob = ompl::base;
namespace og = ompl::geometric;

namespace {

const double MARGIN = 0.005;

/** The path as a trajectory CSV the certify command reads: waypoint k at time k s, columns by joint name. */
void writeCsv(const og::PathGeometric& path, const collide4j::Checker& c, const std::string& file) {
    std::ofstream out(file);
    out << "time";
    for (const std::string& n : c.variableNames()) {
        out << "," << n;
    }
    out << "\n" << std::setprecision(17);
    for (std::size_t k = 0; k < path.getStateCount(); k++) {
        const double* q = path.getState(k)->as<ob::RealVectorStateSpace::StateType>()->values;
        out << k;
        for (std::size_t i = 0; i < c.dimension(); i++) {
            out << "," << q[i];
        }
        out << "\n";
    }
}

/** Runs a command, returning its exit status and stdout. */
int runCommand(const std::string& command, std::string& output) {
    FILE* p = popen(command.c_str(), "r");
    if (p == nullptr) {
        return -1;
    }
    char buf[4096];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) {
        output.append(buf, n);
    }
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char ch : s) {
        q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    }
    return q + "'";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: test_plan DATA_DIR JAVA JAR OUT_DIR\n");
        return 64;
    }
    std::string data = argv[1], java = argv[2], jar = argv[3], outDir = argv[4];
    mkdir(outDir.c_str(), 0755);
    ompl::RNG::setSeed(27);   // before any planner makes its generator: the same trees every run
    ompl::msg::setLogLevel(ompl::msg::LOG_WARN);
    std::vector<mbm::Problem> problems = mbm::readProblems(data + "/problems.csv");

    std::vector<std::pair<const char*, std::function<void()>>> cases;
    for (const mbm::Problem& p : problems) {
        for (const std::string planner : {"RRTConnect", "PRM"}) {
            std::string name = p.scenario + "/" + std::to_string(p.index) + " " + planner;
            cases.emplace_back(strdup(name.c_str()), [=] {
                collide4j::Options o;
                o.robot = "panda";
                o.scene = data + "/" + p.scene;
                o.margin = MARGIN;
                auto checker = std::make_shared<collide4j::Checker>(o);
                CHECK(checker->isValid(p.start) && checker->isValid(p.goal));
                auto space = collide4j::ompl::makeStateSpace(*checker);
                og::SimpleSetup ss(space);
                collide4j::ompl::configure(ss.getSpaceInformation(), checker);
                ob::ScopedState<ob::RealVectorStateSpace> start(space), goal(space);
                for (int i = 0; i < 7; i++) {
                    start[i] = p.start[i];
                    goal[i] = p.goal[i];
                }
                ss.setStartAndGoalStates(start, goal);
                if (planner == "PRM") {
                    ss.setPlanner(std::make_shared<og::PRM>(ss.getSpaceInformation()));
                } else {
                    ss.setPlanner(std::make_shared<og::RRTConnect>(ss.getSpaceInformation()));
                }
                ob::PlannerStatus solved = ss.solve(20.0);
                CHECK_MSG(solved == ob::PlannerStatus::EXACT_SOLUTION, solved.asString());
                if (solved != ob::PlannerStatus::EXACT_SOLUTION) {
                    return;
                }
                const og::PathGeometric& path = ss.getSolutionPath();
                std::string stem = outDir + "/" + p.scenario + "_" + std::to_string(p.index) + "_" + planner;
                writeCsv(path, *checker, stem + ".csv");
                std::string output;
                int code = runCommand(quote(java) + " -jar " + quote(jar) + " certify -q --robot panda --scene " +
                                          quote(o.scene) + " --margin 0.005 --trajectory " + quote(stem + ".csv") +
                                          " --certificate " + quote(stem + ".cert.json") + " --report " +
                                          quote(stem + ".html") + " 2>&1",
                                      output);
                CHECK_MSG(code == 0 && output.find("CERTIFIED_FREE") != std::string::npos,
                          "certify exit " + std::to_string(code) + ": " + output);
                std::printf("  %s: %zu waypoints, certify exit %d\n", name.c_str(), path.getStateCount(), code);
            });
        }
    }
    return testing::run(cases);
}
