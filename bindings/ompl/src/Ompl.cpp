// OMPL adapters: states are RealVectorStateSpace values handed to the checker as they are (no copy).
#include "collide4j/ompl.h"

namespace collide4j {
namespace ompl {

namespace ob = ::ompl::base;

namespace {

const double* values(const ob::State* s) {
    return s->as<ob::RealVectorStateSpace::StateType>()->values;
}

/** The adapters read states as the checker's configurations: refuse any other space up front, not per query. */
void requireSpace(const ob::SpaceInformationPtr& si, const Checker& checker, const char* who) {
    auto space = std::dynamic_pointer_cast<ob::RealVectorStateSpace>(si->getStateSpace());
    if (!space || space->getDimension() != checker.dimension()) {
        throw Error(ErrorKind::Usage, std::string(who) + ": the state space must be a RealVectorStateSpace of " +
                    std::to_string(checker.dimension()) + " dimensions (the planning group '" + checker.group() +
                    "'); build it with collide4j::ompl::makeStateSpace");
    }
}

}  // namespace

std::shared_ptr<ob::RealVectorStateSpace> makeStateSpace(const Checker& checker) {
    auto space = std::make_shared<ob::RealVectorStateSpace>(static_cast<unsigned int>(checker.dimension()));
    ob::RealVectorBounds bounds(static_cast<unsigned int>(checker.dimension()));
    for (std::size_t i = 0; i < checker.dimension(); i++) {
        bounds.setLow(static_cast<unsigned int>(i), checker.lowerLimits()[i]);
        bounds.setHigh(static_cast<unsigned int>(i), checker.upperLimits()[i]);
        space->setDimensionName(static_cast<unsigned int>(i), checker.variableNames()[i]);
    }
    space->setBounds(bounds);
    return space;
}

StateValidityChecker::StateValidityChecker(const ob::SpaceInformationPtr& si, std::shared_ptr<const Checker> checker)
    : ob::StateValidityChecker(si), checker_(std::move(checker)) {
    requireSpace(si, *checker_, "collide4j::ompl::StateValidityChecker");
    // a certified lower bound on the distance, not the exact distance
    specs_.clearanceComputationType = ob::StateValidityCheckerSpecs::APPROXIMATE;
}

bool StateValidityChecker::isValid(const ob::State* state) const {
    return checker_->isValid(values(state));
}

double StateValidityChecker::clearance(const ob::State* state) const {
    return checker_->clearance(values(state));
}

MotionValidator::MotionValidator(const ob::SpaceInformationPtr& si, std::shared_ptr<const Checker> checker)
    : ob::MotionValidator(si), checker_(std::move(checker)) {
    requireSpace(si, *checker_, "collide4j::ompl::MotionValidator");
}

bool MotionValidator::checkMotion(const ob::State* s1, const ob::State* s2) const {
    bool free = checker_->isMotionFree(values(s1), values(s2));
    // OMPL's own validators count without synchronisation too; the counts are statistics, not decisions
    (free ? valid_ : invalid_)++;
    return free;
}

bool MotionValidator::checkMotion(const ob::State* s1, const ob::State* s2,
                                  std::pair<ob::State*, double>& lastValid) const {
    double* out = lastValid.first != nullptr
                      ? lastValid.first->as<ob::RealVectorStateSpace::StateType>()->values
                      : nullptr;
    // the checker writes the last valid configuration into a per-thread scratch when the caller gives no state
    thread_local std::vector<double> scratch;
    if (out == nullptr) {
        scratch.resize(checker_->dimension());
        out = scratch.data();
    }
    double fraction = 0;
    bool free = checker_->checkMotion(values(s1), values(s2), out, fraction);
    if (!free) {
        lastValid.second = fraction;
    }
    (free ? valid_ : invalid_)++;
    return free;
}

void configure(const ob::SpaceInformationPtr& si, const std::shared_ptr<const Checker>& checker) {
    si->setStateValidityChecker(std::make_shared<StateValidityChecker>(si, checker));
    si->setMotionValidator(std::make_shared<MotionValidator>(si, checker));
    si->setup();
}

}  // namespace ompl
}  // namespace collide4j
