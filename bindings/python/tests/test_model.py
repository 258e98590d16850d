"""The robot's joints and limits as the binding reports them, against the URDF read here independently."""
import xml.etree.ElementTree as ET
import zipfile

import numpy as np

from collide4j import _jvm


def bundled_panda_arm():
    """Names and limits of panda_joint1..7 from the bundled URDF inside the jar (the SRDF's panda_arm group)."""
    with zipfile.ZipFile(_jvm.jar_path()) as jar:
        root = ET.fromstring(jar.read("io/collide4j/models/panda/panda.urdf"))
    joints = {j.get("name"): j for j in root.iter("joint")}
    names = ["panda_joint%d" % i for i in range(1, 8)]
    lower = [float(joints[n].find("limit").get("lower")) for n in names]
    upper = [float(joints[n].find("limit").get("upper")) for n in names]
    return names, np.array(lower), np.array(upper)


def test_panda_joint_names_and_limits_are_the_urdfs(panda):
    names, lower, upper = bundled_panda_arm()
    assert panda.joint_names == tuple(names)
    assert panda.dof == 7
    np.testing.assert_array_equal(panda.lower_limits, lower)
    np.testing.assert_array_equal(panda.upper_limits, upper)
    assert panda.group == "panda_arm"
    assert panda.margin == 0.0


def test_limits_are_read_only(panda):
    assert not panda.lower_limits.flags.writeable
    assert not panda.upper_limits.flags.writeable


def test_urdf_without_srdf_warns_and_plans_every_joint(slider):
    assert slider.joint_names == ("slide",)
    np.testing.assert_array_equal(slider.lower_limits, [-1.0])
    np.testing.assert_array_equal(slider.upper_limits, [1.0])
    assert slider.group == ""
    assert any("no SRDF" in w for w in slider.warnings)

