import Suggestions

/// What the user asked for.
public enum ParseOutcome: Sendable, Equatable {
    case run(ParsedArguments)
    /// `--help` (or `-h`) on the command at the end of this path.
    case help(commandPath: [String])
    /// `--version` on the root command.
    case version
}

/// Parses arguments against a tree of command specs. Subcommand names come before the first
/// positional argument; options and positional arguments may come in any order, and an option is
/// accepted once the command that declares it (or one below it) is named. `--` ends the options.
/// A word where a group expects a command name is refused as soon as it is read, and a required
/// option missing once the line is read. `--help` anywhere wins over any mistake in the rest of the line.
public struct ArgumentParser: Sendable {
    public let root: CommandSpec

    public init(root: CommandSpec) {
        self.root = root
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help(commandPath: commandPath(namedIn: beforeTerminator))
        }
        var path = [root]
        func fail(_ message: String) -> UsageError { UsageError(commandPath: path.map(\.name), message: message) }

        var remaining = arguments[...]
        var values: [String: [String]] = [:]
        var positionals: [String] = []
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                if !optionsEnded, positionals.isEmpty, let subcommand = path.last!.subcommand(named: argument) {
                    path.append(subcommand)
                } else if Self.takesSubcommand(path.last!) {
                    // Said at once: what follows a mistyped command is that command's, not this one's.
                    throw fail(Self.unknownCommand(argument, under: path))
                } else {
                    positionals.append(argument)
                }
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "--version", path.count == 1 { return .version }
            let options = path.flatMap(\.options)
            let body = argument.dropFirst(argument.hasPrefix("--") ? 2 : 1)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard argument.hasPrefix("--"), let option = options.first(where: { $0.name == name }) else {
                let given = "--" + name
                throw fail("unknown option '\(argument.prefix { $0 != "=" })'" + Self.suggestion(for: given, among: options.map { "--" + $0.name }))
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw fail("--\(name) takes no value") }
                values[name, default: []].append("")
            case let .value(valueName), let .repeatedValue(valueName):
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw fail("--\(name) needs a value <\(valueName)>")
                }
                if case .value = option.kind, values[name] != nil { throw fail("--\(name) given more than once") }
                values[name, default: []].append(value)
            }
        }

        let command = path.last!
        if Self.takesSubcommand(command) {
            throw fail("missing subcommand: expected one of \(command.subcommands.map(\.name).joined(separator: ", "))")
        }
        if let missing = path.flatMap(\.options).first(where: { $0.isRequired && values[$0.name] == nil }), case let .value(valueName) = missing.kind {
            throw fail("missing --\(missing.name) <\(valueName)>")
        }
        try Self.checkArity(positionals, against: command.arguments, fail: fail)
        return .run(ParsedArguments(commandPath: path.map(\.name), optionValues: values, arguments: positionals))
    }

    /// The deepest command named by the words of a line, options skipped (with the value of an option that takes
    /// one: `--store DIR sync` names `sync`): where `--help` applies.
    private func commandPath(namedIn arguments: ArraySlice<String>) -> [String] {
        var path = [root]
        var words = arguments
        while let word = words.popFirst() {
            guard word.hasPrefix("-") else {
                guard let subcommand = path.last!.subcommand(named: word) else { break }
                path.append(subcommand)
                continue
            }
            let option = path.flatMap(\.options).first { "--" + $0.name == word }
            if let option, option.kind != .flag { _ = words.popFirst() }
        }
        return path.map(\.name)
    }

    private static func checkArity(_ positionals: [String], against specs: [ArgumentSpec],
                                   fail: (String) -> UsageError) throws(UsageError) {
        let required = specs.filter { $0.arity == .one }
        if positionals.count < required.count {
            throw fail("missing argument <\(required[positionals.count].name)>")
        }
        let unbounded = specs.contains { $0.arity == .any }
        let maximum = specs.filter { $0.arity != .any }.count
        if !unbounded, positionals.count > maximum {
            throw fail("unexpected argument '\(positionals[maximum])'")
        }
    }

    /// A group, whose words are the names of its subcommands.
    private static func takesSubcommand(_ command: CommandSpec) -> Bool {
        !command.subcommands.isEmpty && command.arguments.isEmpty
    }

    /// "unknown command 'resolv'; did you mean 'resolve'?" at the root, "unknown subcommand …" in a group.
    private static func unknownCommand(_ word: String, under path: [CommandSpec]) -> String {
        "unknown \(path.count == 1 ? "command" : "subcommand") '\(word)'" + suggestion(for: word, among: path.last!.subcommands.map(\.name))
    }

    /// "; did you mean '--mode'?" for a near miss, else nothing.
    private static func suggestion(for word: String, among candidates: [String]) -> String {
        closestCandidates(to: word, among: candidates, limit: 1).first.map { "; did you mean '\($0)'?" } ?? ""
    }
}
