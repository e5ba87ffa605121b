/// Why a document is not JSON, and where (line and column count from 1, in UTF-8 bytes).
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let line: Int
    public let column: Int
    public let reason: String

    public var description: String { "line \(line), column \(column): \(reason)" }
}
