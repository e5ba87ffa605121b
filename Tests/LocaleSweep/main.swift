import Glibc

// locale-sweep JOBS [SECONDS]: runs the locale engine (EnginePath) on the inputs of the file JOBS in
// fresh processes, one process per line (its inputs separated by spaces), at most SECONDS (default 20)
// per line. A failed line of several inputs is run again one input per process, to name the input.
// Prints `FAIL<TAB>input<TAB>what happened` per failure, then `jobs J inputs I failures F`; exits 1 when
// anything failed. Used by the tests (LocaleKitTests/FreshProcessSweepTests).

func describe(_ outcome: ForkPool.Outcome, seconds: UInt32) -> String {
    switch outcome {
    case .finished: return "finished"
    case let .exited(status): return "exited with status \(status)"
    case .killed(signal: SIGALRM): return "no answer within \(seconds) s"
    case let .killed(signal): return "crashed (signal \(signal))"
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 || arguments.count == 3, let file = fopen(arguments[1], "r") else {
    let usage = "usage: locale-sweep JOBS [SECONDS]\n"
    _ = write(STDERR_FILENO, usage, usage.utf8.count)
    exit(64)
}
var jobs: [[String]] = []
var line: UnsafeMutablePointer<CChar>?
var capacity = 0
while getline(&line, &capacity, file) > 0 {
    let inputs = String(cString: line!).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    if !inputs.isEmpty { jobs.append(inputs) }
}
fclose(file)

let seconds = arguments.count == 3 ? UInt32(arguments[2]) ?? 20 : 20
let pool = ForkPool(parallelism: max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))), alarmSeconds: seconds)
var engine = EnginePath()
let outcomes = pool.run(jobs) { engine.run($0) }

var failures: [(input: String, outcome: ForkPool.Outcome)] = []
let failedJobs = zip(jobs, outcomes).filter { $0.1 != .finished }
for (job, outcome) in failedJobs where job.count == 1 {
    failures.append((job[0], outcome))
}
let retried = failedJobs.filter { $0.0.count > 1 }.flatMap(\.0)
for (input, outcome) in zip(retried, pool.run(retried.map { [$0] }) { engine.run($0) }) where outcome != .finished {
    failures.append((input, outcome))
}
for (job, outcome) in failedJobs where job.count > 1 && !job.contains(where: { input in failures.contains { $0.input == input } }) {
    // Each input alone is fine: the failure needs the inputs before it.
    failures.append((job.joined(separator: " "), outcome))
}
for failure in failures {
    print("FAIL\t\(failure.input)\t\(describe(failure.outcome, seconds: seconds))")
}
print("jobs \(jobs.count) inputs \(jobs.reduce(0) { $0 + $1.count }) failures \(failures.count)")
exit(failures.isEmpty ? 0 : 1)
