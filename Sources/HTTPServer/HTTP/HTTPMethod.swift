/// A request's method (RFC 9110 §9), case-sensitive as sent: a token. GET, HEAD and POST, which nearly every request
/// has, are literals rather than strings made anew.
public struct HTTPMethod: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"

    public var description: String { name }
}
