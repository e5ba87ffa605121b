/// A command-line option, described once and used for parsing and help alike.
public struct OptionSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Present or absent (`--json`).
        case flag
        /// Takes one value, at most once (`--mode cldr` or `--mode=cldr`).
        case value(valueName: String)
        /// Takes one value and may be repeated; values keep their order (`--locale a --locale b`).
        case repeatedValue(valueName: String)
    }

    /// The long name without dashes.
    public let name: String
    public let kind: Kind
    public let help: String
    /// The command cannot run without it: the parser refuses a line that lacks it, and help says so.
    public let isRequired: Bool

    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, isRequired: false)
    }

    public static func value(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value(valueName: valueName), help: help, isRequired: false)
    }

    /// An option that takes one value and must be given (`--placement <id>`).
    public static func required(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value(valueName: valueName), help: help, isRequired: true)
    }

    public static func repeated(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .repeatedValue(valueName: valueName), help: help, isRequired: false)
    }
}

/// A command line that shows what a command is for, with a sentence saying what it does. Its words are what follows the
/// root command's name, as the shell would pass them (`["resolve", "--placement", "onboarding"]`).
public struct CommandExample: Sendable, Equatable {
    public let summary: String
    public let arguments: [String]

    public init(_ summary: String, _ arguments: [String]) {
        self.summary = summary
        self.arguments = arguments
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable, Equatable {
    public enum Arity: Sendable, Equatable {
        case one
        case optional
        /// Zero or more (`PREF...`).
        case any
    }

    public let name: String
    public let arity: Arity
    public let help: String

    public init(_ name: String, _ arity: Arity = .one, help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }
}

/// A command: its options, positional arguments and subcommands. Options of a command are also
/// accepted by every command below it (`paywalls --store DIR locale explain` and the like).
public struct CommandSpec: Sendable, Equatable {
    public let name: String
    public let abstract: String
    public let discussion: String
    public let options: [OptionSpec]
    public let arguments: [ArgumentSpec]
    public let subcommands: [CommandSpec]
    public let examples: [CommandExample]

    /// `discussion` is paragraphs separated by an empty line; help fills each to the terminal's width.
    public init(name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [],
                arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [], examples: [CommandExample] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.examples = examples
    }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
