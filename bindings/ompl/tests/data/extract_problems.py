#!/usr/bin/env python3
"""Extracts MotionBenchMaker Panda problems for the C++ tests and benchmark.

Reads problems.zip (tests/data/vamp/resources/panda/problems.zip), copies each chosen problem's scene YAML as
<scenario>_<NNNN>.scene.yaml into OUT and writes OUT/problems.csv: scenario,index,scene,start q1..q7,goal q1..q7
(panda_joint1..7 by name from request NNNN's start_state and goal joint_constraints; values as written).

  extract_problems.py ZIP OUT box_panda/1 bookshelf_small_panda/1   # chosen problems
  extract_problems.py ZIP OUT all                                    # all 700
Needs PyYAML (Debian python3-yaml).
"""
import csv
import os
import sys
import zipfile

import yaml

JOINTS = [f"panda_joint{i}" for i in range(1, 8)]


def main(archive, out, chosen):
    os.makedirs(out, exist_ok=True)
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
        if chosen == ["all"]:
            chosen = sorted(f"{n.split('/')[1]}/{int(n[-9:-5])}" for n in names if n.split('/')[-1].startswith("request"))
        rows = []
        for item in chosen:
            scenario, index = item.split("/")
            index = int(index)
            request = f"problems/{scenario}/request{index:04d}.yaml"
            scene = f"problems/{scenario}/scene{index:04d}.yaml"
            if request not in names or scene not in names:
                sys.exit(f"{archive}: no problem {scenario}/{index:04d}")
            r = yaml.safe_load(z.read(request))
            js = r["start_state"]["joint_state"]
            start = dict(zip(js["name"], js["position"]))
            goal = {c["joint_name"]: c["position"] for c in r["goal_constraints"][0]["joint_constraints"]}
            target = f"{scenario}_{index:04d}.scene.yaml"
            with open(os.path.join(out, target), "wb") as f:
                f.write(z.read(scene))
            rows.append([scenario, index, target] + [repr(float(start[j])) for j in JOINTS]
                        + [repr(float(goal[j])) for j in JOINTS])
    with open(os.path.join(out, "problems.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["scenario", "index", "scene"] + [f"start_{j}" for j in JOINTS] + [f"goal_{j}" for j in JOINTS])
        w.writerows(rows)


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
