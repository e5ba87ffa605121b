#!/usr/bin/env python3
"""Times commands for the benchmark scripts, with nothing but the Python 3 standard library.

  measure.py once [--stdout FILE] [--stderr FILE] -- CMD [ARG...]
      Runs CMD once and prints "SECONDS PEAK_RSS_KIB EXIT_STATUS" (wall clock; the peak resident set
      of CMD from getrusage(RUSAGE_CHILDREN), which this fresh process has no other child to mix in).
      CMD's output goes to the files given, else to /dev/null.

  measure.py interleave --runs N [--warmup W] [--rotate V1,V2,...] -- CMD_A... :: CMD_B... [:: CMD_C...]
      Runs every command W times untimed, then N rounds of each command in turn (A, B, C, A, B, C...),
      so that machine noise hits them alike. Output to /dev/null. Prints one line per command:
      "MEDIAN MIN P90 MAX" in seconds. Fails (exit 1) when a run exits non-zero. With --rotate, each
      round writes the next value (cycling) for every `{}` in the commands' arguments, and the round's
      number for every `{#}`: rotating placements and profile ids, say.

Children are started with posix_spawn (no fork of the Python interpreter) and timed from just before
the spawn to just after the wait, so the figures include process start-up, which is the point.
"""

import os
import resource
import statistics
import sys
import time


def spawn_and_wait(argv, stdout_path=os.devnull, stderr_path=os.devnull):
    """(seconds, raw wait status)"""
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
    ]
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status = os.waitpid(pid, 0)
    return time.perf_counter() - start, status


def exit_code(status):
    return os.waitstatus_to_exitcode(status)


def once(args):
    stdout_path = stderr_path = os.devnull
    while args and args[0] != "--":
        if args[0] == "--stdout" and len(args) > 1:
            stdout_path, args = args[1], args[2:]
        elif args[0] == "--stderr" and len(args) > 1:
            stderr_path, args = args[1], args[2:]
        else:
            usage()
    command = args[1:]
    if not command:
        usage()
    seconds, status = spawn_and_wait(command, stdout_path, stderr_path)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss   # KiB on Linux
    print("%.3f %d %d" % (seconds, peak_kib, exit_code(status)))


def interleave(args):
    runs, warmup, rotation = None, 1, [""]
    while args and args[0] != "--":
        if args[0] == "--runs" and len(args) > 1:
            runs, args = int(args[1]), args[2:]
        elif args[0] == "--warmup" and len(args) > 1:
            warmup, args = int(args[1]), args[2:]
        elif args[0] == "--rotate" and len(args) > 1:
            rotation, args = args[1].split(","), args[2:]
        else:
            usage()
    if not runs or runs < 1 or len(args) < 2:
        usage()
    commands, current = [], []
    for arg in args[1:]:
        if arg == "::":
            commands.append(current)
            current = []
        else:
            current.append(arg)
    commands.append(current)
    if any(not command for command in commands):
        usage()

    times = [[] for _ in commands]
    for round_number in range(warmup + runs):
        value = rotation[round_number % len(rotation)]
        for index, template in enumerate(commands):
            command = [arg.replace("{}", value).replace("{#}", str(round_number)) for arg in template]
            seconds, status = spawn_and_wait(command)
            if exit_code(status) != 0:
                print("measure.py: '%s' exited with status %d" % (" ".join(command), exit_code(status)), file=sys.stderr)
                sys.exit(1)
            if round_number >= warmup:
                times[index].append(seconds)
    for samples in times:
        samples.sort()
        p90 = samples[min(len(samples) - 1, int(round(0.9 * (len(samples) - 1))))]
        print("%.6f %.6f %.6f %.6f" % (statistics.median(samples), samples[0], p90, samples[-1]))


def usage():
    print(__doc__, file=sys.stderr)
    sys.exit(64)


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) >= 2 else 64)
    mode, rest = sys.argv[1], sys.argv[2:]
    if mode == "once":
        once(rest)
    elif mode == "interleave":
        interleave(rest)
    else:
        usage()


if __name__ == "__main__":
    main()
