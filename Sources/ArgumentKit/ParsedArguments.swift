/// What the parser read for one invocation: the command path and the values given.
public struct ParsedArguments: Sendable, Equatable {
    /// Command names from the root, `["paywalls", "locale", "match"]`.
    public let commandPath: [String]
    /// Values by option name; a flag has one empty value per occurrence.
    let optionValues: [String: [String]]
    public let arguments: [String]

    public init(commandPath: [String], optionValues: [String: [String]], arguments: [String]) {
        self.commandPath = commandPath
        self.optionValues = optionValues
        self.arguments = arguments
    }

    public func flag(_ name: String) -> Bool {
        optionValues[name] != nil
    }

    public func value(_ name: String) -> String? {
        optionValues[name]?.last
    }

    public func values(_ name: String) -> [String] {
        optionValues[name] ?? []
    }

    /// The value of `name` converted by `convert`, or a usage error that lists what is expected.
    public func value<T>(_ name: String, expected: String, _ convert: (String) -> T?) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let converted = convert(text) else {
            throw UsageError(commandPath: commandPath, message: "invalid value '\(text)' for --\(name): expected \(expected)")
        }
        return converted
    }
}

/// A mistake in how a command was called (exit status 64).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let commandPath: [String]
    public let message: String

    public init(commandPath: [String], message: String) {
        self.commandPath = commandPath
        self.message = message
    }

    public var description: String { message }
}
