#!/usr/bin/env python3
"""Minimal collide4j JSON-lines client (standard library only).

Talks to `collide4j serve` either over stdio (starts the server as a subprocess) or over TCP
(a server started with `collide4j serve --port N`). Protocol: cli/PROTOCOL.md.

    python3 client.py                                   # runs: java -jar cli/target/collide4j.jar serve
    python3 client.py --cmd "java -cp CP io.collide4j.planner.cli.Main serve"
    python3 client.py --tcp 127.0.0.1:5000

The demo loads the bundled Panda in the bundled table_shelf scene, checks two states, one motion, a
batch and certifies a short trajectory, and exits 0 when the answers are as expected (ready pose valid, arm-in-table invalid).
"""
import argparse
import json
import shlex
import socket
import subprocess
import sys


class Collide4jError(Exception):
    """An error response: code and message from the server."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Collide4jClient:
    """One session (one loaded robot and scene) with a collide4j server."""

    def __init__(self, reader, writer, closer):
        self._reader, self._writer, self._closer = reader, writer, closer
        self._next_id = 0

    @classmethod
    def stdio(cls, command):
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

        def close():
            proc.stdin.close()
            proc.wait(timeout=30)
        return cls(proc.stdout, proc.stdin, close)

    @classmethod
    def tcp(cls, host, port):
        sock = socket.create_connection((host, port), timeout=60)
        f = sock.makefile("rw", encoding="utf-8", newline="\n")

        def close():
            f.close()
            sock.close()
        return cls(f, f, close)

    def call(self, method, **params):
        """Sends one request and returns its result; raises Collide4jError on an error response."""
        self._next_id += 1
        request_id = self._next_id
        self._writer.write(json.dumps({"id": request_id, "method": method, "params": params}) + "\n")
        self._writer.flush()
        line = self._reader.readline()
        if not line:
            raise ConnectionError("server closed the connection")
        response = json.loads(line)
        if response.get("id") != request_id:
            raise ConnectionError(f"response id {response.get('id')} does not match request {request_id}")
        if "error" in response:
            raise Collide4jError(response["error"]["code"], response["error"]["message"])
        return response["result"]

    def close(self):
        self._closer()


def demo(client):
    ready = [0, -0.785, 0, -2.356, 0, 1.571, 0.785]
    into_table = [0, 1.5, 0, -0.5, 0, 1.571, 0.785]
    info = client.call("load", robot="panda", scene="table_shelf", margin=0.0)
    print("loaded", info["robot"], "group", info["group"], "with", info["obstacles"], "obstacles")
    ok = client.call("isValid", q=ready)["valid"]
    bad = client.call("isValid", q=into_table)["valid"]
    print("ready valid:", ok, "| arm in table valid:", bad)
    motion = client.call("checkMotion", q0=ready, q1=into_table)
    print("motion ready -> table: valid", motion["valid"], "last valid fraction", round(motion["lastValidFraction"], 4))
    clearance = client.call("clearance", q=ready)
    print("clearance lower bound at ready:", clearance["lowerBound"], "closest pair", clearance["pair"])
    batch = client.call("batch", states=[ready, into_table], motions=[[ready, ready], [ready, into_table]])
    print("batch states", batch["states"], "motions", batch["motions"])
    cert = client.call("certify", waypoints=[ready, [0.3] + ready[1:]], times=[0.0, 1.0], certificate=False)
    print("certify ready -> joint 1 turned by 0.3 rad:", cert["verdict"], "clearance >=", cert["clearanceLowerBound"])
    try:
        client.call("fly")
    except Collide4jError as e:
        print("unknown method answered with error", e.code)
    expected = ok and not bad and not motion["valid"] and 0 < motion["lastValidFraction"] < 1 \
        and batch["states"] == [True, False] and batch["motions"] == [True, False] \
        and cert["verdict"] == "CERTIFIED_FREE"
    print("OK" if expected else "UNEXPECTED ANSWERS")
    return 0 if expected else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cmd", default="java -jar cli/target/collide4j.jar serve",
                        help="server command for stdio mode")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="connect to a running server instead")
    args = parser.parse_args()
    if args.tcp:
        host, port = args.tcp.rsplit(":", 1)
        client = Collide4jClient.tcp(host, int(port))
    else:
        client = Collide4jClient.stdio(shlex.split(args.cmd))
    try:
        return demo(client)
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main())
