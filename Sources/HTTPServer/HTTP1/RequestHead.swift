/// A request's head as RFC 9112 frames it, checked: the bytes it came in, and where in them its parts are. Nothing of
/// it is made into a string until a route asks (`HTTPRequest`). One allocation holds both, the bytes after the parts,
/// and the head is one reference: it passes from the parser through the connection's phases to the answer by one retain.
struct RequestHead: @unchecked Sendable {
    // Unchecked: the storage is written once, as it is made, and only read after.
    enum Version: Sendable, Equatable {
        case http10, http11

        /// `HTTP/1.0` or `HTTP/1.1`, as a request line and a status line spell it.
        var text: String {
            switch self {
            case .http10: "HTTP/1.0"
            case .http11: "HTTP/1.1"
            }
        }
    }

    /// How the body that follows the head ends (RFC 9112 §6.3).
    enum BodyFraming: Sendable, Equatable {
        /// No Content-Length and no Transfer-Encoding: the request has no body.
        case none
        /// Content-Length: exactly this many bytes, at most the body limit.
        case length(Int)
        /// Transfer-Encoding: chunked, read with a `ChunkedBodyDecoder`.
        case chunked
    }

    /// Where each part of a head is in its bytes (offsets from the head's first byte), and what its fields decided.
    struct Parts: Sendable {
        var method: HTTPMethod
        /// The target's path: an origin-form's up to its first `?`; an absolute-form's from the `/` after its authority
        /// (the last `/` of its `://` when it has none); `*` for `OPTIONS *`; `host:port` for CONNECT.
        /// Never empty.
        var path: Range<Int>
        /// The target after its first `?`: nil when it has none.
        var query: Range<Int>?
        var version: Version
        /// The header field lines, each with its line end, in the order received.
        var fields: Range<Int>
        var framing: BodyFraming
        /// Whether the connection stays open after the answer: in HTTP/1.1 unless a `Connection` token is `close`,
        /// in HTTP/1.0 only with a `keep-alive` token (and no `close`).
        var keepAlive: Bool
        /// `Expect: 100-continue` in an HTTP/1.1 request: the client waits for a 100 before it sends the body.
        var expectsContinue: Bool
        /// Whether the target is all ASCII: always, of a head the server read (`RequestTarget` takes visible ASCII only).
        var targetIsASCII: Bool
    }

    /// The parts, then the head's bytes.
    private final class Storage: ManagedBuffer<(parts: Parts, byteCount: Int), UInt8> {}

    private let storage: Storage

    /// A head of `bytes` (from the first byte of the request to the end of its empty last line), whose parts are `parts`.
    init(bytes: UnsafeRawBufferPointer, parts: Parts) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: bytes.count) { _ in (parts, bytes.count) }, to: Storage.self)
        guard let source = bytes.baseAddress else { return }
        // Bytes are trivial: copied in, nothing to deinitialize when the head goes.
        storage.withUnsafeMutablePointerToElements { $0.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
    }

    private var parts: Parts { storage.header.parts }

    var method: HTTPMethod { parts.method }
    var version: Version { parts.version }
    var framing: BodyFraming { parts.framing }
    var keepAlive: Bool { parts.keepAlive }
    var expectsContinue: Bool { parts.expectsContinue }
    var targetIsASCII: Bool { parts.targetIsASCII }

    /// Calls `body` with the head's bytes.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointerToElements { try body(UnsafeRawBufferPointer(start: $0, count: storage.header.byteCount)) }
    }

    /// The bytes in `range` as a string (they are ASCII, or a field value's obs-text read as UTF-8 with repairs).
    private func string(_ range: Range<Int>) -> String {
        withBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Calls `body` with the path's bytes.
    func withPathBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let range = parts.path
        return try withBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The target up to its first `?`, as the access log writes it (the query may carry tokens).
    var path: String {
        string(parts.path)
    }

    /// The target after its first `?` (nil when there is none).
    var query: String? {
        parts.query.map(string)
    }

    /// The origin-form as sent (path and query); for the absolute-form its path and query (`/` when it has no path);
    /// `*` for `OPTIONS *`; `host:port` for CONNECT.
    var target: String {
        query.map { path + "?" + $0 } ?? path
    }

    /// The value of the first header field called `name`, in any case (field names are ASCII).
    func value(ofField name: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            var found: Range<Int>?
            forEachField { fieldName, value in
                guard fieldName.count == wanted.count, zip(fieldName, wanted).allSatisfy({ $0.asciiLowercased == $1.asciiLowercased }) else {
                    return true
                }
                found = value
                return false
            }
            return found.map(string)
        }
    }

    /// Every header field in the order received: names as sent, values without the whitespace around them.
    var fields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        forEachField { name, value in
            fields.append((String(decoding: name, as: UTF8.self), string(value)))
            return true
        }
        return fields
    }

    /// Calls `body` with each field's name and where its value is, until it returns false. The field lines were checked
    /// as they came (`FieldLine`): each has a colon after a token name and ends with LF or CRLF.
    private func forEachField(_ body: (_ name: UnsafeRawBufferPointer, _ value: Range<Int>) -> Bool) {
        let fieldLines = parts.fields
        withBytes { bytes in
            var start = fieldLines.lowerBound
            while start < fieldLines.upperBound {
                let lineFeed = bytes.firstIndex(ofByte: .lineFeed, from: start) ?? fieldLines.upperBound
                let end = lineFeed > start && bytes[lineFeed - 1] == .carriageReturn ? lineFeed - 1 : lineFeed
                let colon = bytes.firstIndex(ofByte: UInt8(ascii: ":"), from: start).map { min($0, end) } ?? end
                let valueStart = bytes[min(colon + 1, end)..<end].firstIndex { !$0.isWhitespace } ?? end
                let valueEnd = (bytes[valueStart..<end].lastIndex { !$0.isWhitespace }).map { $0 + 1 } ?? valueStart
                guard body(UnsafeRawBufferPointer(rebasing: bytes[start..<colon]), valueStart..<valueEnd) else { return }
                start = lineFeed + 1
            }
        }
    }
}
