import ArgumentKit

/// One leaf command of the CLI: its spec (for parsing and help) and what it does.
/// It throws `UsageError` for a mistake in the call and `CommandFailure` for anything else.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws
}

/// What a command may use from the outside world.
struct CommandContext {
    let standardOutput: OutputChannel
    let standardError: OutputChannel
    let environment: [String: String]
    /// Where the locale policy and the device-locale list come from when the user names none.
    let shippedData: ShippedData

    func warn(_ message: String) {
        standardError.writeLine("warning: \(message)")
    }
}
