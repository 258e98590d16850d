#!/usr/bin/env bash
# Builds the OMPL plug-in with CMake and runs its ctest tests; Maven calls this in the integration-test phase
# (bindings/ompl/pom.xml), after cli has packaged collide4j.jar.
#   run-tests.sh JAR JAVA_HOME BUILD_DIR
# Without cmake, a C++ compiler or OMPL the tests cannot run: under CI=true that fails the build; elsewhere this
# says which tests it skipped and why, and succeeds.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="$1" java_home="$2" build="$3"

missing=()
command -v cmake >/dev/null 2>&1 || missing+=("cmake (Debian: cmake)")
command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 || missing+=("a C++ compiler (Debian: g++)")
ompl_found="${ompl_DIR:-}"
for f in /usr/share/ompl/cmake/omplConfig.cmake /usr/local/share/ompl/cmake/omplConfig.cmake /usr/lib/*/cmake/ompl/omplConfig.cmake; do
  [ -f "$f" ] && ompl_found="$f"
done
[ -n "$ompl_found" ] || missing+=("OMPL (Debian: libompl-dev; or set ompl_DIR)")
[ -f "$java_home/include/jni.h" ] || missing+=("JNI headers in $java_home/include (a JDK, not a JRE)")
if [ ${#missing[@]} -gt 0 ]; then
  need="$(printf '%s; ' "${missing[@]}")"
  msg="OMPL plug-in tests (bindings/ompl ctest: checker, plan_mbm) need: ${need%; }"
  if [ "${CI:-}" = "true" ]; then
    echo "ERROR: $msg; .ci/run installs them" >&2
    exit 1
  fi
  echo "SKIPPED: $msg; install them to run these tests (.ci/run does)"
  exit 0
fi
[ -f "$jar" ] || { echo "ERROR: $jar missing: package cli first" >&2; exit 1; }

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCOLLIDE4J_JAR="$jar" -DCOLLIDE4J_JAVA_HOME="$java_home" >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)"
cd "$build" && ctest --output-on-failure
