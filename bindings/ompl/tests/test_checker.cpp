// Unit tests of the plug-in: JVM start errors, Java exceptions as collide4j::Error, queries, OMPL adapters, threads.
#include "check.h"
#include "collide4j/ompl.h"

#include <ompl/base/ScopedState.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <random>
#include <thread>

using collide4j::Checker;
using collide4j::Error;
using collide4j::ErrorKind;
using collide4j::JvmOptions;
using collide4j::Options;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/** The error a call throws (kind and message); fails the test when it throws nothing. */
template <typename F>
Error thrown(F f, const char* what) {
    try {
        f();
    } catch (const Error& e) {
        return e;
    }
    testing::fail(__FILE__, __LINE__, std::string(what) + ": no collide4j::Error thrown");
    return Error(ErrorKind::Internal, "");
}

const std::vector<double> HOME{0, -0.785, 0, -2.356, 0, 1.571, 0.785};
// the arm stretched forward and down: link 6 is 10 cm deep in table_shelf's table top
const std::vector<double> INTO_TABLE{0, 1.4, 0, -0.1, 0, 0, 0.785};

std::shared_ptr<Checker> panda;   // panda in table_shelf with a 1 cm margin, opened once

std::vector<std::vector<double>> randomStates(const Checker& c, int n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<std::vector<double>> out(n, std::vector<double>(c.dimension()));
    for (auto& q : out) {
        for (std::size_t i = 0; i < q.size(); i++) {
            q[i] = c.lowerLimits()[i] + u(rng) * (c.upperLimits()[i] - c.lowerLimits()[i]);
        }
    }
    return out;
}

void jvmStartErrorsNameWhatToSet() {
    // before any JVM exists: these fail before JNI_CreateJavaVM, so the later start still works
    Error jar = thrown([] { collide4j::Jvm::start(JvmOptions{"/nonexistent/collide4j.jar", "", "", {}}); }, "bad jar");
    CHECK(jar.kind() == ErrorKind::JvmStart);
    CHECK_MSG(contains(jar.what(), "/nonexistent/collide4j.jar") && contains(jar.what(), "COLLIDE4J_JAR"), jar.what());
    Error home = thrown([] { collide4j::Jvm::start(JvmOptions{"", "/nonexistent/jdk", "", {}}); }, "bad java home");
    CHECK(home.kind() == ErrorKind::JvmStart);
    CHECK_MSG(contains(home.what(), "/nonexistent/jdk/lib/server/libjvm.so") && contains(home.what(), "JAVA_HOME"),
              home.what());
    Error cds = thrown([] { collide4j::Jvm::start(JvmOptions{"", "", "/nonexistent/a.jsa", {}}); }, "bad archive");
    CHECK_MSG(contains(cds.what(), "/nonexistent/a.jsa") && contains(cds.what(), "none"), cds.what());
    CHECK(jar.exitCode() == 70);
}

void opensTheBundledPanda() {
    Options o;
    o.robot = "panda";
    o.scene = "table_shelf";
    o.margin = 0.01;
    panda = std::make_shared<Checker>(o);
    CHECK(panda->dimension() == 7);
    CHECK(panda->variableNames().front() == "panda_joint1" && panda->variableNames().back() == "panda_joint7");
    CHECK(panda->group() == "panda_arm");
    CHECK(panda->margin() == 0.01);
    // the bundled URDF's hard limits of joints 1 and 4
    CHECK(panda->lowerLimits()[0] == -2.9671 && panda->upperLimits()[0] == 2.9671);
    CHECK(panda->lowerLimits()[3] == -3.1416 && panda->upperLimits()[3] == 0.0873);
}

void javaExceptionsBecomeErrorsWithTheirMessage() {
    Options robot;
    robot.robot = "nosuch";
    Error e = thrown([&] { Checker c(robot); }, "unknown robot");
    CHECK(e.kind() == ErrorKind::Usage && e.exitCode() == 64);
    CHECK_MSG(contains(e.what(), "no bundled robot 'nosuch'"), e.what());

    Options missing;
    missing.scene = "/nonexistent/scene.yaml";
    e = thrown([&] { Checker c(missing); }, "missing scene");
    CHECK(e.kind() == ErrorKind::MissingInput);
    CHECK_MSG(contains(e.what(), "/nonexistent/scene.yaml"), e.what());

    std::string bad = "bad_scene_test.json";
    std::ofstream(bad) << "{\"format\": \"collide4j-scene/1\", \"objets\": []}";
    Options badScene;
    badScene.scene = bad;
    e = thrown([&] { Checker c(badScene); }, "bad scene");
    CHECK(e.kind() == ErrorKind::BadInput && e.exitCode() == 65);
    CHECK_MSG(contains(e.what(), bad) && contains(e.what(), "objets"), e.what());

    Options nan;
    nan.margin = std::numeric_limits<double>::quiet_NaN();
    e = thrown([&] { Checker c(nan); }, "NaN margin");
    CHECK_MSG(e.kind() == ErrorKind::Usage && contains(e.what(), "--margin"), e.what());

    Options group;
    group.group = "panda_arn";
    e = thrown([&] { Checker c(group); }, "unknown group");
    CHECK_MSG(contains(e.what(), "panda_arm"), e.what());   // the did-you-mean

    e = thrown([] { panda->isValid(std::vector<double>{0, 0, 0}); }, "short configuration");
    CHECK_MSG(e.kind() == ErrorKind::Usage && contains(e.what(), "7"), e.what());
}

std::string testdata;   // the repository's tests/data (argv[1])

void urdfRobotWithSrdfPackagePathGroupAndHold() {
    Options o;
    o.urdf = testdata + "/example-robot-data/robots/panda_description/urdf/panda.urdf";
    o.srdf = testdata + "/example-robot-data/robots/panda_description/srdf/panda.srdf";
    o.packagePaths = {testdata};   // package://example-robot-data/... resolves below it
    o.scene = "none";
    o.group = "arm";
    o.hold = {{"panda_finger_joint1", 0.02}};
    Checker c(o);
    CHECK(c.dimension() == 7 && c.group() == "arm");
    CHECK(c.isValid(HOME));
    CHECK(c.clearance(HOME.data()) > 0);
    o.hold = {{"panda_finger_joint1", 0.5}};
    Error e = thrown([&] { Checker bad(o); }, "held value beyond the limits");
    CHECK_MSG(contains(e.what(), "panda_finger_joint1") && contains(e.what(), "0.04"), e.what());
    o.hold.clear();
    o.packagePaths = {testdata + "/nonexistent"};
    e = thrown([&] { Checker bad(o); }, "missing package path");
    CHECK_MSG(e.kind() == ErrorKind::MissingInput && contains(e.what(), "--package-path"), e.what());
}

void statesAreCertified() {
    CHECK(panda->isValid(HOME));
    CHECK(panda->clearance(HOME.data()) > 0.01);
    CHECK(!panda->isValid(INTO_TABLE));
    CHECK(panda->clearance(INTO_TABLE.data()) < 0);
    std::vector<double> q = HOME;
    q[2] = std::numeric_limits<double>::quiet_NaN();
    CHECK(!panda->isValid(q));
    q = HOME;
    q[3] = 0.5;   // above joint 4's upper limit
    CHECK(!panda->isValid(q));
    q[3] = std::numeric_limits<double>::infinity();
    CHECK(!panda->isValid(q));
    int valid = 0;
    for (const auto& s : randomStates(*panda, 300, 1)) {
        bool ok = panda->isValid(s);
        valid += ok;
        CHECK(!ok || panda->clearance(s.data()) > panda->margin());   // valid means clear by more than the margin
    }
    CHECK_MSG(valid > 0 && valid < 300, std::to_string(valid));
}

void motionsAndTheirLastValidState() {
    std::vector<double> near = HOME;
    near[0] += 0.01;
    CHECK(panda->isMotionFree(HOME.data(), near.data()));
    CHECK(panda->checkMotion(HOME, near).free);
    CHECK(!panda->isMotionFree(HOME.data(), INTO_TABLE.data()));
    collide4j::MotionCheck m = panda->checkMotion(HOME, INTO_TABLE);
    CHECK(!m.free);
    CHECK_MSG(m.lastValidFraction > 0 && m.lastValidFraction < 1, std::to_string(m.lastValidFraction));
    for (std::size_t i = 0; i < HOME.size(); i++) {
        CHECK(std::abs(m.lastValid[i] - (HOME[i] + m.lastValidFraction * (INTO_TABLE[i] - HOME[i]))) < 1e-12);
    }
    CHECK(panda->isValid(m.lastValid));
    // clear of the checker's tolerance band (1e-4 m above the margin): a motion can start from it
    CHECK(panda->clearance(m.lastValid.data()) > panda->margin() + 1e-4);
    CHECK(panda->isMotionFree(m.lastValid.data(), HOME.data()));
    std::vector<double> beyond = HOME;
    beyond[3] = 0.5;
    m = panda->checkMotion(HOME, beyond);   // an endpoint out of limits: nothing beyond q0 is claimed
    CHECK(!m.free && m.lastValidFraction == 0 && m.lastValid == HOME);
}

void certifiesPaths() {
    std::vector<double> near = HOME;
    near[0] += 0.05;
    CHECK(panda->certify({HOME, near, HOME}) == collide4j::Verdict::CertifiedFree);
    CHECK(panda->certify({HOME, INTO_TABLE}) == collide4j::Verdict::Violation);
    Error e = thrown([] { panda->certify({}); }, "empty path");   // refused in Java: a Java exception, mapped
    CHECK_MSG(e.kind() == ErrorKind::BadInput && contains(e.what(), "multiple of 7"), e.what());
    e = thrown([] { panda->certify({HOME, {0, 0}}); }, "short waypoint");
    CHECK_MSG(e.kind() == ErrorKind::Usage && contains(e.what(), "certify waypoint"), e.what());
}

void omplAdapters() {
    namespace ob = ::ompl::base;
    auto space = collide4j::ompl::makeStateSpace(*panda);
    CHECK(space->getDimension() == 7);
    CHECK(space->getDimensionName(3) == "panda_joint4");
    CHECK(space->getBounds().low[3] == -3.1416 && space->getBounds().high[3] == 0.0873);
    auto si = std::make_shared<ob::SpaceInformation>(space);
    collide4j::ompl::configure(si, panda);
    ob::ScopedState<ob::RealVectorStateSpace> a(space), b(space), last(space);
    for (int i = 0; i < 7; i++) {
        a[i] = HOME[i];
        b[i] = INTO_TABLE[i];
    }
    CHECK(si->isValid(a.get()));
    CHECK(!si->isValid(b.get()));
    CHECK(si->getStateValidityChecker()->clearance(a.get()) > 0.01);
    CHECK(!si->checkMotion(a.get(), b.get()));
    std::pair<ob::State*, double> lv{last.get(), -1};
    CHECK(!si->getMotionValidator()->checkMotion(a.get(), b.get(), lv));
    CHECK(lv.second > 0 && lv.second < 1 && si->isValid(last.get()));
    std::pair<ob::State*, double> none(static_cast<ob::State*>(nullptr), -1.0);   // OMPL allows no state
    CHECK(!si->getMotionValidator()->checkMotion(a.get(), b.get(), none) && none.second == lv.second);
    CHECK(si->getMotionValidator()->getInvalidMotionCount() == 3);

    auto wrong = std::make_shared<ob::SpaceInformation>(std::make_shared<ob::RealVectorStateSpace>(6));
    Error e = thrown([&] { collide4j::ompl::StateValidityChecker svc(wrong, panda); }, "6-dimensional space");
    CHECK_MSG(e.kind() == ErrorKind::Usage && contains(e.what(), "7 dimensions"), e.what());
}

/** Every thread attaches on its own and answers exactly as one thread does; threads that exit detach. */
void threadsAgreeWithOneThread() {
    auto states = randomStates(*panda, 2000, 2);
    std::vector<char> single(states.size());
    for (std::size_t i = 0; i < states.size(); i++) {
        single[i] = panda->isValid(states[i]);
    }
    std::vector<char> motionSingle(200);
    for (std::size_t i = 0; i < motionSingle.size(); i++) {
        motionSingle[i] = panda->isMotionFree(states[2 * i].data(), states[2 * i + 1].data());
    }
    for (int round = 0; round < 2; round++) {   // the second round runs on fresh threads after the first detached
        const int threads = 4;
        std::vector<std::vector<char>> got(threads, std::vector<char>(states.size()));
        std::vector<std::vector<char>> motions(threads, std::vector<char>(motionSingle.size()));
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; t++) {
            pool.emplace_back([&, t] {
                const std::size_t step[] = {1, 3, 7, 11};   // coprime to 2000: a permutation, its own per thread
                for (std::size_t k = 0; k < states.size(); k++) {
                    std::size_t i = (k * step[t] + 17 * t) % states.size();
                    got[t][i] = panda->isValid(states[i]);
                }
                for (std::size_t i = 0; i < motionSingle.size(); i++) {
                    motions[t][i] = panda->isMotionFree(states[2 * i].data(), states[2 * i + 1].data());
                }
            });
        }
        for (auto& th : pool) {
            th.join();
        }
        for (int t = 0; t < threads; t++) {
            CHECK_MSG(got[t] == single, "thread " + std::to_string(t) + " round " + std::to_string(round));
            CHECK_MSG(motions[t] == motionSingle, "thread " + std::to_string(t) + " round " + std::to_string(round));
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: test_checker TESTDATA_DIR (the repository's tests/data)\n");
        return 64;
    }
    testdata = argv[1];
    return testing::run({
        {"JVM start errors name what to set", jvmStartErrorsNameWhatToSet},
        {"opens the bundled Panda in table_shelf", opensTheBundledPanda},
        {"Java exceptions become collide4j::Error with the message", javaExceptionsBecomeErrorsWithTheirMessage},
        {"a URDF robot: SRDF, package path, group, held joint", urdfRobotWithSrdfPackagePathGroupAndHold},
        {"states: certified, NaN and limits invalid", statesAreCertified},
        {"motions and their last valid state", motionsAndTheirLastValidState},
        {"certify: free and colliding paths, refused paths", certifiesPaths},
        {"OMPL StateValidityChecker and MotionValidator", omplAdapters},
        {"threads agree with one thread (isValid, isMotionFree)", threadsAgreeWithOneThread},
    });
}
