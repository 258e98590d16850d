// OMPL adapters for collide4j::Checker: state space, certified state validity and certified motion validation.
#pragma once

#include "collide4j/Checker.h"

#include <ompl/base/MotionValidator.h>
#include <ompl/base/SpaceInformation.h>
#include <ompl/base/StateValidityChecker.h>
#include <ompl/base/spaces/RealVectorStateSpace.h>

#include <memory>

namespace collide4j {
namespace ompl {

/** A RealVectorStateSpace with the checker's joint limits as bounds and its joint names as dimension names. */
std::shared_ptr<::ompl::base::RealVectorStateSpace> makeStateSpace(const Checker& checker);

/**
 * Certified isValid (never true for a colliding or out-of-limit state) and clearance (a certified lower bound on
 * the closest checked pair's distance in metres, margin not subtracted). Thread-safe, as OMPL requires.
 * The space information's state space must be a RealVectorStateSpace of the checker's dimension.
 */
class StateValidityChecker : public ::ompl::base::StateValidityChecker {
public:
    StateValidityChecker(const ::ompl::base::SpaceInformationPtr& si, std::shared_ptr<const Checker> checker);
    bool isValid(const ::ompl::base::State* state) const override;
    double clearance(const ::ompl::base::State* state) const override;

private:
    std::shared_ptr<const Checker> checker_;
};

/**
 * Certified motion validation: the straight segment in joint space is checked continuously (not at a resolution),
 * so checkMotion(s1, s2) is true only when every state on it is certified valid. checkMotion(s1, s2) first checks
 * s2 (unless this thread's isValid accepted exactly s2 before) and states 0.25 apart along it (Options::extra
 * "--motion-sample-step") and refuses the motion at the first invalid one, which is most of what RRTConnect's blocked
 * extensions cost; a true answer is always the continuous proof. The
 * lastValid overload is filled from the earliest contact: the last state certified free and its fraction.
 * Thread-safe.
 */
class MotionValidator : public ::ompl::base::MotionValidator {
public:
    MotionValidator(const ::ompl::base::SpaceInformationPtr& si, std::shared_ptr<const Checker> checker);
    bool checkMotion(const ::ompl::base::State* s1, const ::ompl::base::State* s2) const override;
    bool checkMotion(const ::ompl::base::State* s1, const ::ompl::base::State* s2,
                     std::pair<::ompl::base::State*, double>& lastValid) const override;

private:
    std::shared_ptr<const Checker> checker_;
};

/** Sets both adapters on a space information built over makeStateSpace(*checker), and calls setup(). */
void configure(const ::ompl::base::SpaceInformationPtr& si, const std::shared_ptr<const Checker>& checker);

}  // namespace ompl
}  // namespace collide4j
