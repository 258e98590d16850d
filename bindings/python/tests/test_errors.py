"""Refusals: each a collide4j exception (also the built-in one a caller would catch) with a message that says what."""
import numpy as np
import pytest

import collide4j


def test_unknown_bundled_robot_lists_the_bundled_ones():
    with pytest.raises(collide4j.InputError) as e:
        collide4j.Checker("pandaa")
    assert "pandaa" in str(e.value) and "panda" in str(e.value).replace("pandaa", "")
    assert isinstance(e.value, ValueError) and isinstance(e.value, collide4j.Collide4jError)


def test_missing_urdf_names_the_file(tmp_path):
    missing = tmp_path / "nowhere.urdf"
    with pytest.raises(collide4j.MissingInputError) as e:
        collide4j.Checker(urdf=missing)
    assert str(missing) in str(e.value)
    assert isinstance(e.value, FileNotFoundError)


def test_malformed_urdf_is_bad_input(tmp_path):
    bad = tmp_path / "bad.urdf"
    bad.write_text("<robot name='x'><link name='a'/><joint name='j' type='revolute'></robot>", encoding="utf-8")
    with pytest.raises(collide4j.InputError) as e:
        collide4j.Checker(urdf=bad)
    assert "bad.urdf" in str(e.value)


def test_unknown_scene_is_named():
    with pytest.raises(collide4j.Collide4jError) as e:
        collide4j.Checker("panda", scene="no_such_scene")
    assert "no_such_scene" in str(e.value) and "table_shelf" in str(e.value)


@pytest.mark.parametrize("margin", [-0.1, float("nan"), float("inf"), "0.1", True])
def test_bad_margin_is_refused(margin):
    with pytest.raises(collide4j.InputError) as e:
        collide4j.Checker("panda", margin=margin)
    assert "margin" in str(e.value)


def test_robot_and_urdf_together_or_neither_are_refused(tmp_path):
    with pytest.raises(collide4j.InputError):
        collide4j.Checker("panda", urdf=tmp_path / "x.urdf")
    with pytest.raises(collide4j.InputError):
        collide4j.Checker()


def test_unknown_group_is_named():
    with pytest.raises(collide4j.InputError) as e:
        collide4j.Checker("panda", group="panda_legs")
    assert "panda_legs" in str(e.value)


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError):
        collide4j.Checker("panda", marign=0.1)


@pytest.mark.parametrize("q", [np.zeros(6), np.zeros(8), np.zeros((1, 7)), "abc", [None] * 7])
def test_wrong_configurations_are_refused(panda, q):
    with pytest.raises(collide4j.InputError) as e:
        panda.is_valid(q)
    assert "7" in str(e.value)


def test_wrong_batch_shape_is_refused(panda):
    with pytest.raises(collide4j.InputError) as e:
        panda.is_valid_many(np.zeros((3, 6)))
    assert "n x 7" in str(e.value)
    with pytest.raises(collide4j.InputError):
        panda.is_valid_many(np.zeros(7))


def test_clearance_of_a_non_finite_state_is_refused(panda):
    q = np.zeros(7)
    q[2] = np.nan
    with pytest.raises(collide4j.InputError) as e:
        panda.clearance(q)
    assert "panda_joint3" in str(e.value)


def test_check_motion_outside_the_limits_names_the_joint(panda):
    q0 = (panda.lower_limits + panda.upper_limits) / 2
    q1 = q0.copy()
    q1[4] = panda.upper_limits[4] + 0.1
    with pytest.raises(collide4j.InputError) as e:
        panda.check_motion(q0, q1)
    assert "q1[4]" in str(e.value) and "panda_joint5" in str(e.value)
    assert not panda.is_motion_free(q0, q1)   # the boolean query just says no


def test_verify_of_a_missing_file_is_missing_input(panda, tmp_path):
    with pytest.raises(collide4j.MissingInputError):
        panda.verify(tmp_path / "none.json")


def test_verify_of_garbage_is_an_invalid_report(panda, tmp_path):
    p = tmp_path / "garbage.json"
    p.write_text("{not json", encoding="utf-8")
    r = panda.verify(p)
    assert not r.valid and r.verdict is None and r.problems


def test_bad_hold_values_are_refused():
    with pytest.raises(collide4j.InputError) as e:
        collide4j.Checker("panda", hold={"panda_finger_joint1": "open"})
    assert "panda_finger_joint1" in str(e.value)
    with pytest.raises(collide4j.InputError) as e:
        collide4j.Checker("panda", hold={"panda_finger_joint1": float("nan")})
    assert "panda_finger_joint1" in str(e.value)



@pytest.mark.parametrize("budget", [2 ** 70, -5, 0])
def test_budget_out_of_range_is_an_input_error_not_an_overflow(budget):
    c = collide4j.Checker("panda")
    q = (c.lower_limits + c.upper_limits) / 2
    with pytest.raises(collide4j.InputError) as e:
        c.certify([0.0, 1.0], np.stack([q, q]), budget=budget)
    assert "budget" in str(e.value)


def test_decompose_is_none_true_or_false():
    with pytest.raises(collide4j.InputError) as e:
        collide4j.Checker("panda", decompose="yes")
    assert "decompose" in str(e.value) and "'yes'" in str(e.value)


def test_decompose_false_and_true_are_the_cli_options():
    # the default leaves the choice to collide4j (concave links decomposed); False and True are the two options
    from collide4j.checker import _options
    assert "--no-decompose" not in _options("panda", None, None, (), None, 0.0, None, None, None)
    assert "--decompose" not in _options("panda", None, None, (), None, 0.0, None, None, None)
    assert _options("panda", None, None, (), None, 0.0, None, None, False)[-1] == "--no-decompose"
    assert _options("panda", None, None, (), None, 0.0, None, None, True)[-1] == "--decompose"
