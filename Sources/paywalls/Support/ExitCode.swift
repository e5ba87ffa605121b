/// Process exit statuses, from sysexits(3) (docs/contracts.md).
enum ExitCode: Int32 {
    case success = 0
    /// A check the user asked for failed (`coverage --fail-under`).
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case ioError = 74
    case temporaryFailure = 75
    case configuration = 78
}

/// A command that could not do its job: the message goes to stderr, the code to the shell.
struct CommandFailure: Error {
    let exitCode: ExitCode
    let message: String
    /// The command has written the message itself, in its own format (`sync --log-format json`).
    var isReported = false
}
