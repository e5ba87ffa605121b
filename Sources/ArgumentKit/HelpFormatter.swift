/// Renders `--help` text and one-line usage from command specs, in the layout of
/// swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, then EXAMPLES. Help is filled to a
/// width (`TerminalWidth`), breaking only between words; descriptions keep to their column.
public struct HelpFormatter: Sendable {
    public let root: CommandSpec
    public let width: Int
    /// Where descriptions start; below `stackingWidth` columns each goes under its label, at `stackedColumn`.
    private let descriptionColumn: Int
    private static let sideBySideColumn = 26
    private static let stackedColumn = 6
    private static let stackingWidth = 60

    public init(root: CommandSpec, width: Int = TerminalWidth.standard) {
        self.root = root
        self.width = max(width, TerminalWidth.minimum)
        descriptionColumn = self.width < Self.stackingWidth ? Self.stackedColumn : Self.sideBySideColumn
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

    /// The usage on one line.
    public func usage(for names: [String]) -> String {
        usageFragments(for: names).joined(separator: " ")
    }

    /// The usage after `label` (`USAGE: ` in help, `usage: ` after an error), filled to the width with its lines
    /// continued under the label's end.
    public func usageLines(for names: [String], label: String) -> [String] {
        TextWrapping.lines(of: usageFragments(for: names), width: width, firstPrefix: label, continuationIndent: label.count)
    }

    public func help(for names: [String]) -> String {
        let path = specs(along: names)
        let command = path.last!
        let overview = "OVERVIEW: "
        var lines = TextWrapping.lines(of: command.abstract, width: width, firstPrefix: overview, continuationIndent: overview.count)
        for paragraph in TextWrapping.paragraphs(of: command.discussion) {
            lines += [""] + TextWrapping.lines(of: paragraph, width: width)
        }
        lines += [""] + usageLines(for: names, label: "USAGE: ")
        if !command.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"] + command.arguments.flatMap { row("<\($0.name)>", $0.help) }
        }
        let options = path.reversed().flatMap(\.options)
        lines += ["", "OPTIONS:"] + options.flatMap { row(Self.label($0), Self.description($0)) }
        if path.count == 1 { lines += row("--version", "Show the version.") }
        lines += row("-h, --help", "Show help information.")
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"] + command.subcommands.flatMap { row($0.name, $0.abstract) }
            lines += [""] + TextWrapping.lines(of: "See '\(path.map(\.name).joined(separator: " ")) <subcommand> --help' for detailed help.",
                                               width: width, firstPrefix: "  ", continuationIndent: 2)
        }
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES:"] + command.examples.enumerated().flatMap { index, example in
                (index == 0 ? [] : [""]) + exampleLines(example)
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The command's names, required options, the others in brackets, then positionals.
    private func usageFragments(for names: [String]) -> [String] {
        let path = specs(along: names)
        let command = path.last!
        var parts = path.map(\.name)
        if !command.subcommands.isEmpty, command.arguments.isEmpty {
            parts.append("<subcommand>")
        }
        let options = path.flatMap(\.options)
        parts += options.filter(\.isRequired).map(Self.label)
        parts += options.filter { !$0.isRequired }.map(Self.usageFragment)
        parts += command.arguments.map { argument in
            switch argument.arity {
            case .one: return "<\(argument.name)>"
            case .optional: return "[<\(argument.name)>]"
            case .any: return "[<\(argument.name)> ...]"
            }
        }
        return parts
    }

    /// A label indented by two, its description filled in the description column: beside the label when the label
    /// leaves room, else from the next line. A label wider than the line goes on between its words.
    private func row(_ label: String, _ description: String) -> [String] {
        let padded = "  " + label
        let indent = String(repeating: " ", count: descriptionColumn)
        let beside = padded.count < descriptionColumn
        let firstPrefix = beside ? padded + String(repeating: " ", count: descriptionColumn - padded.count) : indent
        let filled = TextWrapping.lines(of: description, width: width, firstPrefix: firstPrefix, continuationIndent: descriptionColumn)
        return beside ? filled : TextWrapping.lines(of: label, width: width, firstPrefix: "  ", continuationIndent: 4) + filled
    }

    /// The summary, then the command line, shell-quoted, continued with `\` where it does not fit (never between an
    /// option and its value).
    private func exampleLines(_ example: CommandExample) -> [String] {
        var command = root
        var options = root.options
        var units = [root.name]
        var words = example.arguments[...]
        while let word = words.popFirst() {
            if let subcommand = command.subcommand(named: word) {
                command = subcommand
                options += subcommand.options
                units.append(word)
            } else if options.contains(where: { "--" + $0.name == word && $0.kind != .flag }), let value = words.popFirst() {
                let pair = ShellQuoting.quoted(word) + " " + ShellQuoting.quoted(value)
                // A pair too wide for any line is two words, each on a line of its own if need be.
                units += pair.count + Self.exampleContinuationIndent + 2 <= width ? [pair] : [ShellQuoting.quoted(word), ShellQuoting.quoted(value)]
            } else {
                units.append(ShellQuoting.quoted(word))
            }
        }
        return TextWrapping.lines(of: example.summary, width: width, firstPrefix: "  ", continuationIndent: 2)
            + TextWrapping.lines(of: units, width: width, firstPrefix: "    ", continuationIndent: Self.exampleContinuationIndent, lineEnd: " \\")
    }

    private static let exampleContinuationIndent = 6

    private static func label(_ option: OptionSpec) -> String {
        switch option.kind {
        case .flag: return "--\(option.name)"
        case let .value(valueName), let .repeatedValue(valueName): return "--\(option.name) <\(valueName)>"
        }
    }

    /// The option's help, saying "(required)" before its final period when it must be given.
    private static func description(_ option: OptionSpec) -> String {
        guard option.isRequired else { return option.help }
        return option.help.hasSuffix(".") ? String(option.help.dropLast()) + " (required)." : option.help + " (required)"
    }

    private static func usageFragment(_ option: OptionSpec) -> String {
        switch option.kind {
        case .flag, .value: return "[\(label(option))]"
        case .repeatedValue: return "[\(label(option)) ...]"
        }
    }
}
