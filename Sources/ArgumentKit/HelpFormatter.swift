/// Renders `--help` text and one-line usage from command specs, in the layout of
/// swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
public struct HelpFormatter: Sendable {
    public let root: CommandSpec
    private let columnWidth = 26

    public init(root: CommandSpec) {
        self.root = root
    }

    /// The specs along a path of command names, root first.
    public func specs(along names: [String]) -> [CommandSpec] {
        var path = [root]
        for name in names.dropFirst() {
            guard let next = path.last!.subcommand(named: name) else { break }
            path.append(next)
        }
        return path
    }

    public func usage(for names: [String]) -> String {
        let path = specs(along: names)
        let command = path.last!
        var parts = path.map(\.name)
        if !command.subcommands.isEmpty, command.arguments.isEmpty {
            parts.append("<subcommand>")
        }
        parts += path.flatMap(\.options).map(Self.usageFragment)
        parts += command.arguments.map { argument in
            switch argument.arity {
            case .one: return "<\(argument.name)>"
            case .optional: return "[<\(argument.name)>]"
            case .any: return "[<\(argument.name)> ...]"
            }
        }
        return parts.joined(separator: " ")
    }

    public func help(for names: [String]) -> String {
        let path = specs(along: names)
        let command = path.last!
        var text = "OVERVIEW: \(command.abstract)\n"
        if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
        text += "\nUSAGE: \(usage(for: names))\n"
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n" + command.arguments.map { row("<\($0.name)>", $0.help) }.joined()
        }
        let options = path.reversed().flatMap(\.options)
        text += "\nOPTIONS:\n" + options.map { row(Self.label($0), $0.help) }.joined()
        if path.count == 1 { text += row("--version", "Show the version.") }
        text += row("-h, --help", "Show help information.")
        if !command.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + command.subcommands.map { row($0.name, $0.abstract) }.joined()
            text += "\n  See '\(path.map(\.name).joined(separator: " ")) <subcommand> --help' for detailed help.\n"
        }
        return text
    }

    private func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        if padded.count < columnWidth {
            return padded + String(repeating: " ", count: columnWidth - padded.count) + help + "\n"
        }
        return padded + "\n" + String(repeating: " ", count: columnWidth) + help + "\n"
    }

    private static func label(_ option: OptionSpec) -> String {
        switch option.kind {
        case .flag: return "--\(option.name)"
        case let .value(valueName), let .repeatedValue(valueName): return "--\(option.name) <\(valueName)>"
        }
    }

    private static func usageFragment(_ option: OptionSpec) -> String {
        switch option.kind {
        case .flag, .value: return "[\(label(option))]"
        case .repeatedValue: return "[\(label(option)) ...]"
        }
    }
}
