"""The example planner (examples/plan_rrt.py) solves its problem with a small budget, and its path certifies."""
import importlib.util
import os

import numpy as np

import collide4j

EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "plan_rrt.py")


def load_example():
    spec = importlib.util.spec_from_file_location("plan_rrt", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_plan_rrt_finds_a_certified_path(tmp_path):
    example = load_example()
    cert_file = tmp_path / "path.json"
    path, cert = example.main(["--budget", "500", "--margin", "0.01", "--certificate", str(cert_file)])
    assert path is not None, "no path within the budget"
    np.testing.assert_array_equal(path[0], example.START)
    np.testing.assert_array_equal(path[-1], example.GOAL)
    with collide4j.Checker("panda", scene="table_shelf", margin=0.01) as checker:
        assert not checker.is_motion_free(example.START, example.GOAL)   # the problem needs a detour
        assert all(checker.is_motion_free(a, b) for a, b in zip(path, path[1:]))
        assert cert.certified_free
        report = checker.verify(cert_file)
        assert report.valid and report.verdict is collide4j.Verdict.CERTIFIED_FREE
