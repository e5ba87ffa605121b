/// Why a document is not JSON, and where (line and column count from 1, in UTF-8 bytes).
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let line: Int
    public let column: Int
    public let reason: String
    /// For a value past one of the parser's bounds (a number too long), where that value is in the document:
    /// the bound is about the value, not the syntax, and a reader reports it where the value is. Nil otherwise.
    public internal(set) var pointer: JSONPointer?

    public var description: String { "line \(line), column \(column): \(reason)" }

    /// The error as seen from the container holding the value under `token`: its pointer, if it has one,
    /// one level further out. Tokens are added on the way out, innermost first.
    func within(_ token: @autoclosure () -> String) -> JSONSyntaxError {
        guard let pointer else { return self }
        var outer = self
        outer.pointer = JSONPointer(tokens: [token()] + pointer.tokens)
        return outer
    }
}
