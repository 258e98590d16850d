"""Build hook: ships the collide4j jar inside the package.

The jar is built by Maven (``mvn -pl cli -am package``, or the bindings/python module, which copies it
to collide4j/lib/). When collide4j/lib/collide4j.jar is missing, it is copied here from
../../cli/target/collide4j.jar; when neither exists the build stops and says which command builds it.
"""
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGED = os.path.join(HERE, "collide4j", "lib", "collide4j.jar")
BUILT = os.path.normpath(os.path.join(HERE, "..", "..", "cli", "target", "collide4j.jar"))


class BuildWithJar(build_py):
    def run(self):
        if os.path.isfile(BUILT) and (not os.path.isfile(PACKAGED)
                                      or os.path.getmtime(BUILT) > os.path.getmtime(PACKAGED)):
            os.makedirs(os.path.dirname(PACKAGED), exist_ok=True)
            shutil.copy2(BUILT, PACKAGED)
        if not os.path.isfile(PACKAGED):
            raise SystemExit("collide4j: no jar to ship: neither " + PACKAGED + " nor " + BUILT
                             + " exists; build it first with: mvn -pl cli -am package -DskipTests")
        super().run()


setup(cmdclass={"build_py": BuildWithJar})
