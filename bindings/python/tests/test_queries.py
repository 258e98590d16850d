"""State and motion queries: closed-form answers on the slider, oracles and properties on the Panda."""
import threading

import numpy as np
import pytest

import collide4j
from conftest import CONTACT_X, box, write_scene

# The continuous checks report a hit once a bound comes within their tolerance of the margin (1e-4 m by default).
TOLERANCE = 1e-3


@pytest.mark.parametrize("x", [-1.0, -0.3, 0.0, 0.5, 0.69, 0.705, 0.8, 1.0])
def test_slider_clearance_is_the_sphere_distance(slider, x):
    exact = CONTACT_X - x
    lb = slider.clearance([x])
    assert lb <= exact + 1e-9   # a certified lower bound
    assert lb >= exact - TOLERANCE


@pytest.mark.parametrize("x,valid", [(-1.0, True), (0.0, True), (0.69, True), (0.71, False), (1.0, False)])
def test_slider_is_valid_exactly_when_apart(slider, x, valid):
    assert slider.is_valid([x]) is valid
    assert slider.is_valid(np.array([x], dtype=np.float32)) is valid   # any numeric dtype


def test_slider_margin_moves_the_boundary(slider_files):
    urdf, scene = slider_files
    with collide4j.Checker(urdf=urdf, scene=scene, margin=0.1) as c:
        assert c.margin == 0.1
        assert c.is_valid([CONTACT_X - 0.1 - 0.01])
        assert not c.is_valid([CONTACT_X - 0.1 + 0.01])


def test_slider_outside_limits_or_nan_is_invalid(slider):
    assert not slider.is_valid([-1.0000001])
    assert not slider.is_valid([np.nan])
    assert not slider.is_valid([np.inf])
    np.testing.assert_array_equal(slider.is_valid_many([[-1.5], [np.nan], [0.0]]), [False, False, True])


def test_slider_motion_free_exactly_when_it_stays_apart(slider):
    assert slider.is_motion_free([-1.0], [0.69])
    assert slider.is_motion_free([0.69], [-1.0])
    assert not slider.is_motion_free([0.0], [0.75])    # the end is in collision
    assert not slider.is_motion_free([0.6], [1.0])
    assert not slider.is_motion_free([0.0], [1.5])     # end outside the limits


def test_slider_check_motion_reports_the_first_contact(slider):
    r = slider.check_motion([0.0], [1.0])
    assert r.status is collide4j.MotionStatus.COLLISION
    assert not r.free
    # q(s) = s: first contact at s = 0.7
    assert CONTACT_X - TOLERANCE <= r.time <= CONTACT_X + 1e-9
    np.testing.assert_allclose(r.configuration, [r.time], atol=1e-12)
    assert "ball" in r.pair and "env:ball_obstacle" in r.pair
    free = slider.check_motion([-1.0], [0.5])
    assert free.status is collide4j.MotionStatus.FREE and free.time == 1.0
    np.testing.assert_array_equal(free.configuration, [0.5])


def test_slider_motion_through_the_obstacle_with_valid_ends_is_not_free(slider_files, tmp_path):
    # a thin wall at x = 0: both ends are free, the way between them is not
    urdf, _ = slider_files
    scene = write_scene(tmp_path / "wall.json", [box("wall", (0.02, 1, 1), (0.0, 0.0, 0.0))])
    with collide4j.Checker(urdf=urdf, scene=scene) as c:
        # wall occupies |x| <= 0.01, ball radius 0.1: valid beyond |q| > 0.11
        assert c.is_valid([-0.5]) and c.is_valid([0.5])
        assert not c.is_valid([0.0])
        assert not c.is_motion_free([-0.5], [0.5])
        r = c.check_motion([-0.5], [0.5])
        assert r.status is collide4j.MotionStatus.COLLISION
        # q(s) = -0.5 + s: contact at q = -0.11, s = 0.39
        assert 0.39 - TOLERANCE <= r.time <= 0.39 + 1e-9


def random_panda_states(panda, n, seed):
    rng = np.random.default_rng(seed)
    span = panda.upper_limits - panda.lower_limits
    qs = rng.uniform(panda.lower_limits - 0.05 * span, panda.upper_limits + 0.05 * span, size=(n, panda.dof))
    qs[::17, 3] = np.nan
    return qs


def test_panda_batch_equals_single_queries(panda):
    qs = random_panda_states(panda, 400, seed=1)
    batch = panda.is_valid_many(qs)
    assert batch.dtype == bool and batch.shape == (400,)
    single = np.array([panda.is_valid(q) for q in qs])
    np.testing.assert_array_equal(batch, single)
    assert 0 < batch.sum() < 400    # both answers occur
    inside = np.all((qs >= panda.lower_limits) & (qs <= panda.upper_limits), axis=1)
    assert not np.any(batch & ~inside)   # nothing outside the limits (or NaN) is valid


def test_panda_batch_accepts_views_and_empty(panda):
    qs = random_panda_states(panda, 50, seed=2)
    np.testing.assert_array_equal(panda.is_valid_many(qs[::2]), panda.is_valid_many(np.copy(qs[::2])))
    np.testing.assert_array_equal(panda.is_valid_many(np.asfortranarray(qs)), panda.is_valid_many(qs))
    assert panda.is_valid_many(np.zeros((0, 7))).shape == (0,)


def segment(panda, q0, q1, n):
    """n evenly spaced states from q0 to q1; rounding may not push an in-limit motion past a limit."""
    s = np.linspace(0, 1, n)[:, None]
    return np.clip(q0 + s * (q1 - q0), panda.lower_limits, panda.upper_limits)


def test_panda_free_motion_has_only_valid_samples(panda):
    """Oracle: every state sampled densely along a certified-free motion is valid."""
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(60):
        q0 = rng.uniform(panda.lower_limits, panda.upper_limits)
        q1 = q0 + rng.normal(scale=0.3, size=7)
        if not panda.is_valid(q0) or not panda.is_valid(q1) or not panda.is_motion_free(q0, q1):
            continue
        assert panda.is_valid_many(segment(panda, q0, q1, 200)).all()
        checked += 1
    assert checked >= 5


def test_panda_colliding_motion_stops_before_an_invalid_sample(panda):
    """Oracle: when sampling finds an invalid state on a motion, the certified checks do not call it free, and the
    first contact comes no later than that sample."""
    rng = np.random.default_rng(4)
    found = 0
    for _ in range(200):
        q0 = rng.uniform(panda.lower_limits, panda.upper_limits)
        q1 = np.clip(q0 + rng.normal(scale=0.8, size=7), panda.lower_limits, panda.upper_limits)
        if not panda.is_valid(q0):
            continue
        s = np.linspace(0, 1, 101)
        ok = panda.is_valid_many(segment(panda, q0, q1, 101))
        if ok.all():
            continue
        assert not panda.is_motion_free(q0, q1)
        r = panda.check_motion(q0, q1)
        assert r.status is not collide4j.MotionStatus.FREE
        if r.status is collide4j.MotionStatus.COLLISION:
            assert r.time <= s[np.argmin(ok)] + 1e-12
        found += 1
        if found == 10:
            break
    assert found >= 5


def test_panda_queries_from_threads_match(panda):
    qs = random_panda_states(panda, 200, seed=5)
    expected = [panda.is_valid(q) for q in qs]
    results = [None] * 4

    def work(k):
        results[k] = [panda.is_valid(q) for q in qs]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)


LIFTER_URDF = """<?xml version="1.0"?>
<robot name="lifter">
  <link name="base"/>
  <link name="carriage"/>
  <link name="ball"><collision><geometry><sphere radius="0.1"/></geometry></collision></link>
  <joint name="lift" type="prismatic">
    <parent link="base"/><child link="carriage"/><axis xyz="0 0 1"/>
    <limit lower="0" upper="1" effort="1" velocity="1"/>
  </joint>
  <joint name="slide" type="prismatic">
    <parent link="carriage"/><child link="ball"/><axis xyz="1 0 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
</robot>
"""

LIFTER_SRDF = """<?xml version="1.0"?>
<robot name="lifter"><group name="arm"><joint name="slide"/></group></robot>
"""


def test_held_joint_outside_the_group_moves_the_robot(slider_files, tmp_path):
    """A group of one joint (slide) with lift held: at lift h the ball is sqrt((1 - q)^2 + h^2) from the obstacle's
    centre, so its clearance is that minus 0.3."""
    _, scene = slider_files
    urdf, srdf = tmp_path / "lifter.urdf", tmp_path / "lifter.srdf"
    urdf.write_text(LIFTER_URDF, encoding="utf-8")
    srdf.write_text(LIFTER_SRDF, encoding="utf-8")
    for h in (0.0, 0.25, 0.5):
        with collide4j.Checker(urdf=urdf, srdf=srdf, scene=scene, group="arm", hold={"lift": h}) as c:
            assert c.joint_names == ("slide",) and c.group == "arm"
            for q in (0.0, 0.5, 0.9):
                exact = np.hypot(1 - q, h) - 0.3
                assert exact - TOLERANCE <= c.clearance([q]) <= exact + 1e-9
            assert c.is_valid([0.9]) == bool(np.hypot(0.1, h) - 0.3 > 0)
