"""Shared fixtures: the bundled Panda, and a one-joint robot whose distances are known in closed form.

The slider is a ball of radius 0.1 m on a prismatic joint along x (q in [-1, 1]) facing a fixed sphere of radius
0.2 m centred at x = 1, so at q the clearance is exactly 1 - q - 0.3 = 0.7 - q.
"""
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import collide4j  # noqa: E402

SLIDER_URDF = """<?xml version="1.0"?>
<robot name="slider">
  <link name="base"/>
  <link name="ball">
    <collision><geometry><sphere radius="0.1"/></geometry></collision>
  </link>
  <joint name="slide" type="prismatic">
    <parent link="base"/><child link="ball"/><axis xyz="1 0 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
</robot>
"""

#: x where the ball first touches the obstacle: 1 - 0.2 - 0.1.
CONTACT_X = 0.7


def write_scene(path, objects):
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"format": "collide4j-scene/1", "name": os.path.basename(path), "objects": objects}, f)
    return str(path)


def sphere(name, radius, xyz):
    return {"name": name, "type": "sphere", "radius": radius, "pose": {"xyz": list(xyz), "quaternion": [0, 0, 0, 1]}}


def box(name, size, xyz):
    return {"name": name, "type": "box", "size": list(size), "pose": {"xyz": list(xyz), "quaternion": [0, 0, 0, 1]}}


@pytest.fixture(scope="session")
def slider_files(tmp_path_factory):
    d = tmp_path_factory.mktemp("slider")
    urdf = d / "slider.urdf"
    urdf.write_text(SLIDER_URDF, encoding="utf-8")
    scene = write_scene(d / "ball.json", [sphere("ball_obstacle", 0.2, (1.0, 0.0, 0.0))])
    return str(urdf), scene


@pytest.fixture(scope="session")
def slider(slider_files):
    urdf, scene = slider_files
    with collide4j.Checker(urdf=urdf, scene=scene) as c:
        yield c


@pytest.fixture(scope="session")
def panda():
    with collide4j.Checker("panda", scene="table_shelf") as c:
        yield c
