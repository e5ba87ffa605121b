import ArgumentKit

/// Parses the arguments, runs the chosen command and maps every outcome to an exit status.
enum PaywallsCLI {
    static func run(arguments: [String], context: CommandContext) -> ExitCode {
        let parser = ArgumentParser(root: CommandTree.root)
        let help = HelpFormatter(root: CommandTree.root, width: TerminalWidth.forHelp(environment: context.environment,
                                                                                      outputDescriptor: context.standardOutput.fileDescriptor))
        do {
            switch try parser.parse(arguments) {
            case .version:
                Version.lines.forEach(context.standardOutput.writeLine)
            case let .help(path):
                context.standardOutput.write(help.help(for: path))
            case let .run(parsed):
                guard let command = CommandTree.leaf(at: parsed.commandPath) else {
                    throw UsageError(commandPath: parsed.commandPath, message: "missing subcommand")
                }
                try command.run(parsed, context: context)
            }
        } catch let error as UsageError {
            context.standardError.writeLine("error: \(error.message)")
            help.usageLines(for: error.commandPath, label: "usage: ").forEach(context.standardError.writeLine)
            context.standardError.writeLine("See '\(error.commandPath.joined(separator: " ")) --help'.")
            return .usage
        } catch let failure as CommandFailure {
            if !failure.isReported { context.standardError.writeLine("error: \(failure.message)") }
            return failure.exitCode
        } catch {
            context.standardError.writeLine("error: \(error)")
            return .ioError
        }
        return .success
    }
}
