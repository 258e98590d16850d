"""Trajectory certification and certificate verification, against closed-form answers on the slider."""
import json

import numpy as np
import pytest

import collide4j
from conftest import CONTACT_X

TOLERANCE = 1e-3


def test_straight_trajectory_clear_of_the_obstacle_is_certified(slider, tmp_path):
    r = slider.certify([0.0, 1.0, 2.0], [[-1.0], [0.2], [0.6]])
    assert r.verdict is collide4j.Verdict.CERTIFIED_FREE and r.certified_free
    assert r.violation is None
    path = tmp_path / "free.json"
    r.write(path)
    assert json.loads(path.read_text(encoding="utf-8"))["verdict"] == "CERTIFIED_FREE"
    v = slider.verify(path)
    assert v.valid and v.verdict is collide4j.Verdict.CERTIFIED_FREE and v.problems == ()


def test_trajectory_into_the_obstacle_violates_where_it_touches(slider):
    # segment 1 goes from 0.5 at t = 1 to 0.9 at t = 3: x(t) = 0.5 + 0.2 (t - 1), touching at x = 0.7, t = 2
    r = slider.certify([0.0, 1.0, 3.0], [[0.0], [0.5], [0.9]])
    assert r.verdict is collide4j.Verdict.VIOLATION
    v = r.violation
    assert v.segment == 1
    assert 2.0 - TOLERANCE / 0.2 <= v.time <= 2.0 + 1e-9
    assert 0.5 - TOLERANCE / 0.4 <= v.fraction <= 0.5 + 1e-9
    assert CONTACT_X - TOLERANCE <= v.configuration[0] <= CONTACT_X + 1e-9
    assert "env:ball_obstacle" in v.pair
    assert v.lower_bound <= TOLERANCE


def test_margin_argument_overrides_the_checkers(slider):
    # the trajectory stays 0.1 m away: free at margin 0.05, a violation at margin 0.15
    assert slider.certify([0, 1], [[-1.0], [0.6]], margin=0.05).verdict is collide4j.Verdict.CERTIFIED_FREE
    assert slider.certify([0, 1], [[-1.0], [0.6]], margin=0.15).verdict is collide4j.Verdict.VIOLATION


def hermite(p0, p1, v0, v1, T, s):
    """The cubic Hermite position at fraction s of a segment of duration T."""
    return ((2 * s**3 - 3 * s**2 + 1) * p0 + (s**3 - 2 * s**2 + s) * T * v0 + (-2 * s**3 + 3 * s**2) * p1
            + (s**3 - s**2) * T * v1)


def test_velocities_make_the_cubic_the_certified_motion(slider):
    # from 0 to 0.5 in 1 s: the straight segment stays clear, but leaving at 4 m/s overshoots to x = 0.757 at s = 4/9
    times, positions = [0.0, 1.0], [[0.0], [0.5]]
    assert slider.certify(times, positions).certified_free
    r = slider.certify(times, positions, velocities=[[4.0], [0.0]])
    assert r.verdict is collide4j.Verdict.VIOLATION
    s = np.linspace(0, 4 / 9, 100001)
    first = s[np.argmax(hermite(0.0, 0.5, 4.0, 0.0, 1.0, s) >= CONTACT_X)]   # first touch, before the peak
    assert first - 0.01 <= r.violation.time <= first + 1e-6
    # arriving at the same speed it left with, the cubic never gets that far
    gentle = slider.certify(times, positions, velocities=[[0.5], [0.5]], accelerations=[[0.0], [0.0]])
    assert gentle.certified_free


def test_tampered_certificate_is_refused(slider, tmp_path):
    r = slider.certify([0.0, 1.0, 3.0], [[0.0], [0.5], [0.9]])
    doc = json.loads(r.certificate)
    assert doc["verdict"] == "VIOLATION"
    doc["verdict"] = "CERTIFIED_FREE"
    doc["violation"] = None
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    v = slider.verify(path)
    assert not v.valid
    assert v.problems


def test_certificate_for_another_scene_is_refused(slider_files, slider, tmp_path):
    urdf, _ = slider_files
    path = tmp_path / "empty_scene.json"
    with collide4j.Checker(urdf=urdf, scene=None) as empty:
        empty.certify([0.0, 1.0], [[0.0], [0.9]]).write(path)   # free without the obstacle
    assert not slider.verify(path).valid


@pytest.mark.parametrize("times,positions,message", [
    ([0.0], [[0.0]], "at least 2 waypoints"),
    ([0.0, 1.0], [[0.0], [0.5], [0.6]], "expected shape (2, 1)"),
    ([0.0, 0.0], [[0.0], [0.5]], "increase strictly"),
    ([0.0, 1.0], [[0.0], [np.nan]], "finite"),
    ([0.0, 1.0], [[0.0], [1.5]], "limit"),
])
def test_bad_trajectories_are_refused_with_a_reason(slider, times, positions, message):
    with pytest.raises(collide4j.InputError) as e:
        slider.certify(times, positions)
    assert message in str(e.value)
