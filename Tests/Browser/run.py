"""Runs the browser tests (test_*.py beside this file) against a real `paywalls serve` in headless Chromium.

Usage: run.py PAYWALLS OUTPUT [PATTERN]: the paywalls executable, the folder for the screenshots and serve's
logs, and optionally a substring that the tests run must have in their id. Exits 1 when a test fails or
none ran.
"""

import signal
import sys
import time
import unittest
from pathlib import Path

import session


def selected(suite, pattern):
    for test in suite:
        if isinstance(test, unittest.TestSuite):
            yield from selected(test, pattern)
        elif pattern is None or pattern in test.id():
            yield test


def main(paywalls, output, pattern=None):
    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    here = Path(__file__).parent
    loaded = unittest.defaultTestLoader.discover(str(here), pattern="test_*.py", top_level_dir=str(here))
    suite = unittest.TestSuite(selected(loaded, pattern))
    started = time.monotonic()
    # scripts/test-browser's time limit sends SIGTERM: stop the tests as Ctrl-C does (unittest lets KeyboardInterrupt
    # through), leaving through the finally below, which stops the browsers and serves.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    session.current = session.Session(paywalls, output)
    try:
        result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    finally:
        unclean = session.current.close()
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    for problem in unclean:
        print(f"browser: {problem}")
    if result.testsRun == 0:
        print("browser: no test ran")
    print(f"browser: screenshots and serve's logs in {output}; {time.monotonic() - started:.0f} s")
    if result.expectedFailures:
        print(f"browser: {len(result.expectedFailures)} known failures: "
              + ", ".join(test.id() for test, _ in result.expectedFailures))
    passed = result.testsRun - failed - len(result.expectedFailures) - len(result.skipped)
    print(f"browser: {passed} passed, {failed} failed" + (f", {len(result.skipped)} skipped" if result.skipped else ""))
    return 0 if result.testsRun > 0 and failed == 0 and not unclean else 1


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
