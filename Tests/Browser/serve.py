"""A real `paywalls serve` over a store made for the run, on a free loopback port, stopped by its own pid."""

import json
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
SAMPLE_EXPORT = REPOSITORY / "sync-config" / "sample-export.json"
VENDOR_FILE = REPOSITORY / "Tests" / "Fixtures" / "adapty-fallback" / "format-11.json"


class Failure(Exception):
    """A step of the set-up that did not do what it should: the run stops with its message."""


def run_paywalls(paywalls, *arguments, input_file=None):
    """Runs one `paywalls` command to its end (60 s at most) and returns its standard output."""
    stdin = open(input_file, "rb") if input_file else subprocess.DEVNULL
    try:
        done = subprocess.run([str(paywalls), *map(str, arguments)], stdin=stdin, capture_output=True, timeout=60)
    finally:
        if input_file:
            stdin.close()
    if done.returncode != 0:
        raise Failure(f"paywalls {' '.join(map(str, arguments))} exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode()


def make_store(paywalls, store, exports):
    """Imports each (file, source) pair into a fresh store directory; returns the snapshot keys, in import order."""
    keys = []
    for export, source in exports:
        keys.append(json.loads(run_paywalls(paywalls, "import", export, "--source", source, "--store", store))["snapshot"])
    return keys


class Serve:
    """`paywalls serve --listen 127.0.0.1:0` over `store` with `arguments`; its output kept in `logs` (a directory)."""

    STARTUP_SECONDS = 20
    STOP_SECONDS = 10

    def __init__(self, paywalls, store, logs, name, arguments=()):
        self.name = name
        self.standard_output = Path(logs) / f"{name}.out"
        self.standard_error = Path(logs) / f"{name}.err"
        with open(self.standard_output, "wb") as out, open(self.standard_error, "wb") as err:
            self.process = subprocess.Popen([str(paywalls), "serve", "--listen", "127.0.0.1:0", "--store", str(store), *map(str, arguments)],
                                            stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        self.url = self._read_startup_line()

    def _read_startup_line(self):
        deadline = time.monotonic() + self.STARTUP_SECONDS
        while time.monotonic() < deadline:
            line = self.standard_output.read_text()
            if line.endswith("\n"):
                return json.loads(line)["listening"]
            if self.process.poll() is not None:
                raise Failure(f"serve ({self.name}) exited {self.process.returncode} at start: {self.standard_error.read_text()}")
            time.sleep(0.02)
        self.stop()
        raise Failure(f"serve ({self.name}) printed no startup line in {self.STARTUP_SECONDS} s")

    def stop(self):
        """SIGTERM, then SIGKILL past STOP_SECONDS; returns the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(self.STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(self.STOP_SECONDS)
        return self.process.returncode

    def request(self, path, body=None):
        """(status, headers, body bytes) of one request, 10 s at most; a POST when `body` is given (JSON)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers={"Content-Type": "application/json"} if data else {})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def json(self, path, body=None):
        """The JSON of a 200 answer to `path`; anything else fails with the answer."""
        status, _, content = self.request(path, body)
        if status != 200:
            raise Failure(f"{'POST' if body is not None else 'GET'} {path} answered {status}: {content[:500].decode(errors='replace')}")
        return json.loads(content)
