import Glibc

// Past a file-size limit (`ulimit -f`) a write would kill the process with SIGXFSZ, saying nothing;
// ignored, the write fails with EFBIG and the command reports it like a full disk (exit 74).
signal(SIGXFSZ, SIG_IGN)
let context = CommandContext(standardOutput: OutputChannel(fileDescriptor: STDOUT_FILENO),
                             standardError: OutputChannel(fileDescriptor: STDERR_FILENO),
                             environment: ProcessEnvironment.current,
                             shippedData: .runningExecutable)
var status = PaywallsCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), context: context)
context.standardOutput.flush()
if let failure = context.standardOutput.failure {
    context.standardError.writeLine("error: cannot write to standard output: \(failure)")
    status = .ioError
}
context.standardError.flush()
exit(status.rawValue)
