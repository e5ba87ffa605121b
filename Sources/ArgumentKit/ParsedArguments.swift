import Suggestions

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

    /// The value of an option its spec marks required: the parser refuses a line without one.
    public func requiredValue(_ name: String) -> String {
        guard let value = value(name) else { preconditionFailure("--\(name) is not a required option of \(commandPath)") }
        return value
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

    /// The value of `name` as a whole number within `range`, or a usage error such as "expected a whole
    /// number of seconds from 0 to 86400" (with `unit` "seconds").
    public func wholeNumber(_ name: String, in range: ClosedRange<Int>, of unit: String? = nil) throws(UsageError) -> Int? {
        let expected = "a whole number \(unit.map { "of \($0) " } ?? "")from \(range.lowerBound) to \(range.upperBound)"
        return try value(name, expected: expected) { Int($0).flatMap { range.contains($0) ? $0 : nil } }
    }

    /// The value of `name` as one of `Choice`'s cases, spelled as its raw value, or a usage error that
    /// lists them and suggests the nearest ("expected one of a, b; did you mean 'b'?").
    public func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, of _: Choice.Type) throws(UsageError) -> Choice?
    where Choice.RawValue == String {
        guard let text = value(name) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        let nearest = closestCandidates(to: text, among: names, limit: 1).first.map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(commandPath: commandPath,
                         message: "invalid value '\(text)' for --\(name): expected one of \(names.joined(separator: ", "))\(nearest)")
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
