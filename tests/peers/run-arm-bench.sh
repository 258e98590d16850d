#!/usr/bin/env bash
# Same-run comparison of collide4j with FCL 0.7 (the shared arm-bench harness) on the Panda hull model in
# MotionBenchMaker scenes (issue 17). Builds the harness in a temporary folder, then, one after the other and
# each pinned to one core:
#   1. collide4j bench --edges    (edge workload; writes the edge list in the harness's --edge-list format)
#   2. arm_bench --edge-list      (FCL: OMPL-order sampled checks at 1 % and 0.1 %, early exit and full sweep)
#   3. arm_bench (discrete)       (FCL: start, goal, 2000 random configurations per scene = cases.csv)
#   4. collide4j bench --cases    (the same 70,070 configurations)
# and prints the ratio table. Both sides use the same robot model: VAMP's copy of the MBM Panda (tests/data,
# = the bundled 'panda'), hulls per link.
#
# Usage: tests/peers/run-arm-bench.sh [HARNESS_DIR]   (default: ../shared/peers/arm-bench next to the repository)
# Environment: RUNS (timed runs per side, default 3), JAR (collide4j-bench.jar; default benchmarks/target/
#   collide4j.jar, built with Maven when missing), OUT (folder for logs and CSVs; default a new temporary folder),
#   CORE_FCL / CORE_J (cores for taskset, default 0 and 1), EDGE_ARGS (extra options for bench --edges, e.g.
#   "--per-scenario 1" for a quick check, or "--edge-list OLD/edges.csv" to time an earlier run's edges), STEPS (which of the steps 1-4 to run, default 1234; with OUT set to an
#   earlier run's folder, e.g. STEPS=14 re-measures collide4j against the FCL numbers already there).
# Needs: g++, pkg-config, unzip, python3, taskset, and the Debian packages libfcl-dev libccd-dev libeigen3-dev
#   libtinyxml2-dev libyaml-cpp-dev (the harness's README lists the versions measured).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HARNESS=${1:-$ROOT/../shared/peers/arm-bench}
RUNS=${RUNS:-3}
JAR=${JAR:-$ROOT/benchmarks/target/collide4j-bench.jar}
OUT=${OUT:-$(mktemp -d -t collide4j-arm-bench.XXXXXX)}
CORE_FCL=${CORE_FCL:-0}
CORE_J=${CORE_J:-1}
EDGE_ARGS=${EDGE_ARGS:-}
STEPS=${STEPS:-1234}
DATA=$ROOT/tests/data
PANDA=$DATA/vamp/resources/panda

die() { echo "run-arm-bench: $*" >&2; exit 1; }
[ -f "$HARNESS/arm_bench.cpp" ] || die "no arm_bench.cpp in $HARNESS (give the harness folder as the argument)"
for tool in g++ pkg-config unzip python3 taskset java; do
    command -v "$tool" >/dev/null || die "$tool not found"
done
for pkg in libfcl-dev libccd-dev libeigen3-dev libtinyxml2-dev libyaml-cpp-dev; do
    dpkg -s "$pkg" >/dev/null 2>&1 || die "$pkg is not installed (apt-get install -y $pkg)"
done
mkdir -p "$OUT"
echo "output in $OUT"

# the harness: copied (shared/ is read-only), built out of tree
cp "$HARNESS/arm_bench.cpp" "$OUT/"
if [ ! -x "$OUT/arm_bench" ]; then
    echo "building arm_bench (about a minute)"
    g++ -O3 -march=native -DNDEBUG -DEIGEN_MAX_ALIGN_BYTES=16 -std=c++17 $(pkg-config --cflags eigen3) \
        "$OUT/arm_bench.cpp" -o "$OUT/arm_bench" -lfcl -lccd -ltinyxml2 -lyaml-cpp
fi
rm -rf "$OUT/problems"
unzip -q "$PANDA/problems.zip" -d "$OUT"

if [ ! -f "$JAR" ]; then
    echo "building collide4j-bench.jar"
    (cd "$ROOT" && mvn -B -q package -DskipTests -pl benchmarks -am)
fi
case "$STEPS" in *1*|*4*) (cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || true) > "$OUT/collide4j-commit.txt" ;; esac
FCL=(taskset -c "$CORE_FCL" "$OUT/arm_bench" --problems "$OUT/problems" --data "$DATA"
     --urdf "$PANDA/panda.urdf" --srdf "$PANDA/panda.srdf")
J=(taskset -c "$CORE_J" java -jar "$JAR" bench --quiet --problems "$PANDA/problems.zip")

step() { case "$STEPS" in *$1*) return 0 ;; *) return 1 ;; esac; }
if step 1; then
    echo "1/4 collide4j edges"
    (cd "$ROOT" && "${J[@]}" --edges --repeat "$RUNS" $EDGE_ARGS --edges-out "$OUT/edges.csv" \
        --edge-times "$OUT/c4j-edges.csv") | tee "$OUT/c4j-edges.log"
fi
if step 2; then
    echo "2/4 FCL edges (same edge list)"
    "${FCL[@]}" --n 0 --csv-random 0 --runs "$RUNS" --edge-list "$OUT/edges.csv" --edge-out "$OUT/fcl-edges.csv" \
        > "$OUT/fcl-edges.log"
fi
if step 3; then
    echo "3/4 FCL discrete (70,070 configurations)"
    (cd "$OUT" && "${FCL[@]}" --n 2000 --csv-random 2000 --runs "$RUNS" --cases "$OUT/cases.csv" \
        --edges "$OUT/fcl-startgoal.csv" > "$OUT/fcl-discrete.log")
fi
if step 4; then
    echo "4/4 collide4j discrete (the same configurations)"
    (cd "$ROOT" && "${J[@]}" --cases "$OUT/cases.csv" --repeat "$RUNS") | tee "$OUT/c4j-cases.log"
fi

python3 - "$OUT" <<'PY'
import csv, os, re, statistics, sys
out = sys.argv[1]
def have(name):
    if os.path.exists(f"{out}/{name}"):
        return True
    print(f"({name} missing: its rows are left out)")
    return False
def med(xs):
    return statistics.median(xs) if xs else float('nan')

# collide4j edges: per-group medians from the table, groups per edge from the timings file
rows, group = {}, {}
for line in (open(f"{out}/c4j-edges.log") if have("c4j-edges.log") else []):
    f = line.split()
    if f and f[0] in ("free", "startgoal-blocked", "startgoal-free", "startgoal-inconclusive") and len(f) > 10:
        rows[f[0]] = dict(count=int(f[1]), fast=float(f[3]), fast_mean=float(f[5]), full=float(f[7]), full_mean=float(f[9]))
if have("c4j-edges.csv"):
    group = {r["id"]: r["group"] for r in csv.DictReader(open(f"{out}/c4j-edges.csv"))}

# FCL edges: per group, resolution, variant and mode: median over runs of the per-run median (µs)
fcl, fcl_hits = {}, {}
for r in (csv.DictReader(open(f"{out}/fcl-edges.csv")) if have("fcl-edges.csv") else []):
    g = group.get(r["id"], "unknown")
    key = (g, r["resolution"], r["variant"], r["mode"])
    fcl.setdefault(key, {}).setdefault(r["run"], []).append(float(r["ns"]) / 1e3)
    if r["mode"] == "early" and r["run"] == "0":
        fcl_hits.setdefault((g, r["resolution"], r["variant"]), []).append(int(r["invalid"]))
def fcl_med(g, res, var="naive_aabb", mode="early"):
    runs = fcl.get((g, res, var, mode), {})
    return med([med(v) for v in runs.values()])

# discrete: FCL summary table rows, collide4j isValid row
fcl_disc, in_summary = {}, False
for line in (open(f"{out}/fcl-discrete.log") if have("fcl-discrete.log") else []):
    if line.startswith("###"):
        in_summary = line.startswith("### summary")   # the summary table, not the per-scenario or phase tables
    m = in_summary and re.match(r"\| (naive|naive_aabb|broadphase) \| ([^|]+)\| ([^|]+)\| ([^|]+)\| ([^|]+)\| ([^|]+)\|", line)
    if m:
        fcl_disc[m.group(1)] = float(m.group(6))   # all mean
c4j_disc = None
for line in (open(f"{out}/c4j-cases.log") if have("c4j-cases.log") else []):
    f = line.split()
    if f and f[0] == "isValid":
        c4j_disc = float(f[2])

def row(work, ours, theirs, target):
    ratio = ours / theirs if theirs == theirs and theirs > 0 else float('nan')
    print(f"| {work} | {ours:,.1f} µs | {theirs:,.1f} µs | {ratio:.2f} | {target} |")

print()
commit = open(out + '/collide4j-commit.txt').read().strip() if os.path.exists(out + '/collide4j-commit.txt') else '?'
print(f"collide4j commit {commit} (the working tree's HEAD when its steps ran); medians over runs; FCL = naive_aabb"
      " (all-pairs loop with AABB pre-test) unless named")
print()
print("| work | collide4j | FCL | ratio | target |")
print("|---|---|---|---|---|")
if "free" in rows:
    n = rows["free"]["count"]
    row(f"{n} free edges, certified isMotionFree vs sampled 1 %", rows["free"]["fast"], fcl_med("free", "0.01"), "<= 1.0")
    row(f"{n} free edges, certified isMotionFree vs sampled 0.1 %", rows["free"]["fast"], fcl_med("free", "0.001"), "<= 0.15")
    row(f"{n} free edges, checkMotion (earliest contact) vs sampled 1 %", rows["free"]["full"], fcl_med("free", "0.01"), "-")
if "startgoal-blocked" in rows:
    n = rows["startgoal-blocked"]["count"]
    row(f"{n} blocked start→goal edges, isMotionFree vs 1 % early exit", rows["startgoal-blocked"]["fast"],
        fcl_med("startgoal-blocked", "0.01"), "<= 1.0")
    row(f"{n} blocked start→goal edges, checkMotion vs 1 % early exit", rows["startgoal-blocked"]["full"],
        fcl_med("startgoal-blocked", "0.01"), "-")
if c4j_disc is not None and fcl_disc:
    row("discrete full-arm check, 70,070 states, mean, vs AABB-tree manager (broadphase)", c4j_disc,
        fcl_disc.get("broadphase", float('nan')), "<= 0.2")
    row("discrete full-arm check, 70,070 states, mean, vs naive_aabb", c4j_disc, fcl_disc.get("naive_aabb", float('nan')), "-")
print()
for (g, res, var), hits in sorted(fcl_hits.items()):
    if var == "naive_aabb":
        print(f"FCL sampled {float(res) * 100:g} %: {sum(1 for h in hits if h)} of {len(hits)} {g} edges hit a colliding sample")
PY
