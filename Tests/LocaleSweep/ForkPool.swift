import Glibc

/// Runs jobs in child processes forked from this one, a few at a time, each under an alarm.
///
/// This process must stay single-threaded and must not touch ICU before forking: a child then starts
/// with ICU exactly as a freshly started process has it (nothing loaded, no lock held), which is where
/// some ICU traps show. Forking from the test runner instead would hand children the ICU caches warmed
/// by other tests and, with threads running, possibly a lock held forever.
struct ForkPool {
    enum Outcome: Equatable {
        case finished
        case exited(status: Int32)
        case killed(signal: Int32)
    }

    let parallelism: Int
    /// Seconds a job may run before SIGALRM ends it.
    let alarmSeconds: UInt32

    /// The outcome of each job, in order. `body` runs in the child, given the job.
    func run(_ jobs: [[String]], _ body: ([String]) -> Void) -> [Outcome] {
        var outcomes = [Outcome](repeating: .finished, count: jobs.count)
        var running: [pid_t: Int] = [:]
        var next = 0
        while next < jobs.count || !running.isEmpty {
            if next < jobs.count, running.count < parallelism {
                running[start(jobs[next], body)] = next
                next += 1
                continue
            }
            var status: Int32 = 0
            let pid = waitpid(-1, &status, 0)
            guard pid > 0, let job = running.removeValue(forKey: pid) else { continue }
            outcomes[job] = Self.outcome(of: status)
        }
        return outcomes
    }

    private func start(_ job: [String], _ body: ([String]) -> Void) -> pid_t {
        let pid = fork()
        if pid == 0 {
            // Foundation's Process starts programs with nearly every signal blocked: unblock the alarm.
            var alarmOnly = sigset_t()
            sigemptyset(&alarmOnly)
            sigaddset(&alarmOnly, SIGALRM)
            sigprocmask(SIG_UNBLOCK, &alarmOnly, nil)
            signal(SIGALRM, SIG_DFL)
            alarm(alarmSeconds)
            body(job)
            _exit(0)
        }
        precondition(pid > 0, "fork failed: errno \(errno)")
        return pid
    }

    /// `WIFEXITED`, `WEXITSTATUS` and `WTERMSIG` are C macros, which Swift does not import.
    private static func outcome(of status: Int32) -> Outcome {
        let signal = status & 0x7f
        if signal != 0 { return .killed(signal: signal) }
        let exitStatus = (status >> 8) & 0xff
        return exitStatus == 0 ? .finished : .exited(status: exitStatus)
    }
}
