import Basics

/// One HTTP request as the client sent it, read whole (body included) before a handler sees it.
/// Nothing is decoded: the target keeps its percent-escapes, so a route can tell `%2F` from `/` and
/// reject invalid escapes or UTF-8 itself.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The request target exactly as sent: the path and, after a `?`, the query.
    public let target: String
    /// The target up to its first `?`.
    public let path: String
    /// The target after its first `?` (nil when there is none).
    public let query: String?
    /// The header fields in the order received; names as sent.
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]
    /// `HTTP/1.1` or `HTTP/1.0`.
    public let httpVersion: String

    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                httpVersion: String = "HTTP/1.1") {
        self.method = method
        self.target = target
        (path, query) = Self.split(target)
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
    }

    /// The path and the query of a request target.
    static func split(_ target: String) -> (path: String, query: String?) {
        var target = target
        guard let offset = target.withUTF8({ UnsafeRawBufferPointer($0).firstIndex(ofByte: UInt8(ascii: "?")) }) else { return (target, nil) }
        let question = target.utf8.index(target.utf8.startIndex, offsetBy: offset)
        return (String(target[..<question]), String(target[target.utf8.index(after: question)...]))
    }

    /// Whether the target is all ASCII (bytes past it must come percent-encoded).
    var targetIsASCII: Bool {
        var target = target
        return target.withUTF8 { !$0.contains { $0 >= 0x80 } }
    }

    /// The value of the first header field called `name`, in any case (header names are ASCII). On bytes:
    /// a bundle request looks up two or three fields.
    public func header(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            headers.first { field in
                var fieldName = field.name
                return fieldName.withUTF8 { have in
                    have.count == wanted.count && zip(have, wanted).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
                }
            }?.value
        }
    }
}
