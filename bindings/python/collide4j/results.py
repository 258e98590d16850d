"""What the checker answers: status enums and small immutable result records."""
import enum
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np


class MotionStatus(enum.Enum):
    """Outcome of the continuous check of one motion."""
    #: Certified: every checked pair keeps a clearance above the margin over the whole motion.
    FREE = "FREE"
    #: The certified bounds could not exclude a clearance at or below the margin at the reported time.
    COLLISION = "COLLISION"
    #: The evaluation budget ran out first; never to be read as free.
    INCONCLUSIVE = "INCONCLUSIVE"


class Verdict(enum.Enum):
    """Outcome of a trajectory certification."""
    #: Every checked pair is certified farther apart than the margin over the whole trajectory.
    CERTIFIED_FREE = "CERTIFIED_FREE"
    #: Certified clear up to the first violation, where the clearance can reach the margin.
    VIOLATION = "VIOLATION"
    #: The budget ran out first; nothing beyond the certified prefix is claimed.
    INCONCLUSIVE = "INCONCLUSIVE"


def _array(values):
    if values is None:
        return None
    a = np.array(values, dtype=np.float64)
    a.setflags(write=False)
    return a


@dataclass(frozen=True)
class MotionResult:
    """The certified continuous check of q0 -> q1 (:meth:`Checker.check_motion`).

    Attributes:
        status: FREE, COLLISION or INCONCLUSIVE.
        time: FREE: 1.0; COLLISION: the first fraction s of the motion q0 + s (q1 - q0) where the clearance of
            ``pair`` may reach the margin (everything before s is certified clear); INCONCLUSIVE: how far it got.
        pair: the pair at ``time`` ("link#piece|link#piece", "env:" before an obstacle), None when FREE or unknown.
        configuration: the configuration at ``time`` (q1 when FREE), None when unknown.
        clearance_lower_bound: certified lower bound (m) on the clearance of the pairs that needed a distance
            evaluation, over the proved part of the motion; inf when bounding volumes alone cleared every pair.
        evaluations: distance evaluations spent.
    """
    status: MotionStatus
    time: float
    pair: Optional[str]
    configuration: Optional[np.ndarray]
    clearance_lower_bound: float
    evaluations: int

    @property
    def free(self):
        """True only when the motion is certified free."""
        return self.status is MotionStatus.FREE


@dataclass(frozen=True)
class Violation:
    """The first place along a trajectory where a pair's clearance may reach the margin.

    Attributes:
        segment: index k of the segment from waypoint k to k + 1.
        fraction: fraction of that segment.
        time: trajectory time.
        configuration: the configuration there.
        pair: the pair ("link#piece|link#piece", "env:" before an obstacle).
        lower_bound: the pair's certified lower bound on its distance there (m).
    """
    segment: int
    fraction: float
    time: float
    configuration: np.ndarray
    pair: str
    lower_bound: float


@dataclass(frozen=True)
class Certification:
    """A trajectory certification (:meth:`Checker.certify`).

    Attributes:
        verdict: CERTIFIED_FREE, VIOLATION or INCONCLUSIVE.
        violation: the first violation, or None.
        clearance_lower_bound: the smallest certified clearance lower bound (m) over the pairs that needed a distance
            evaluation; inf when bounding volumes alone cleared every pair.
        evaluations: distance evaluations spent.
        certificate: the JSON certificate, as ``collide4j certify`` writes it; ``collide4j verify`` and
            :meth:`Checker.verify` re-check it.
    """
    verdict: Verdict
    violation: Optional[Violation]
    clearance_lower_bound: float
    evaluations: int
    certificate: str

    @property
    def certified_free(self):
        """True only for a CERTIFIED_FREE verdict."""
        return self.verdict is Verdict.CERTIFIED_FREE

    def write(self, path):
        """Writes the certificate to ``path`` (UTF-8)."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.certificate)


@dataclass(frozen=True)
class VerifyResult:
    """An independent re-check of a certificate (:meth:`Checker.verify`).

    Attributes:
        valid: True when every recorded step was re-proved and the verdict follows from them.
        verdict: the verdict the certificate claims, None when it could not be read.
        problems: what failed, one sentence each; empty when valid.
    """
    valid: bool
    verdict: Optional[Verdict]
    problems: Tuple[str, ...]


def motion_from_java(r):
    pair = r.pair()
    return MotionResult(MotionStatus(str(r.status().name())), float(r.time()), None if pair is None else str(pair),
                        _array(r.configuration()), float(r.clearanceLowerBound()), int(r.evaluations()))


def certification_from_java(r):
    v = r.violation()
    violation = None if v is None else Violation(int(v.segment()), float(v.fraction()), float(v.time()),
                                                 _array(v.configuration()), str(v.pair()), float(v.lowerBound()))
    return Certification(Verdict(str(r.verdict().name())), violation, float(r.clearanceLowerBound()),
                         int(r.evaluations()), str(r.certificate()))


def verify_from_java(r):
    verdict = r.verdict()
    return VerifyResult(bool(r.valid()), None if verdict is None else Verdict(str(verdict.name())),
                        tuple(str(p) for p in r.problems()))
