/// An RFC 6901 pointer into a document (`/placements/3/audiences/0/weight`): where a problem is.
public struct JSONPointer: Sendable, Equatable, Hashable, CustomStringConvertible {
    public private(set) var tokens: [String]

    public static let root = JSONPointer(tokens: [])

    public init(tokens: [String]) {
        self.tokens = tokens
    }

    public func appending(_ key: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [key])
    }

    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// `~` and `/` inside a token are escaped as `~0` and `~1`.
    public var description: String {
        tokens.map { token in
            "/" + token.map { $0 == "~" ? "~0" : $0 == "/" ? "~1" : String($0) }.joined()
        }.joined()
    }
}
