/// The rules on the header fields that frame a request and steer its connection: Host, Content-Length,
/// Transfer-Encoding, Connection and Expect (RFC 9112 §3.2, §6, §9.3; RFC 9110 §7.6.1, §8.6, §10.1.1). Each field is
/// checked as it arrives, so a rejection comes with the line that proves it; the end of the head concludes.
struct HeadFieldRules: Sendable {
    /// What the fields decide, once all have arrived.
    struct Conclusion: Sendable {
        let framing: RequestHead.BodyFraming
        let keepAlive: Bool
        let expectsContinue: Bool
    }

    /// The body limit a Content-Length may announce.
    let bodyLimit: Int
    private var hostFields = 0
    private var contentLength: Int?
    /// A Transfer-Encoding arrived; it can only have been `chunked` (any other coding is refused at once).
    private var chunked = false
    private var close = false
    private var keepAliveAsked = false
    private var continueExpected = false

    init(bodyLimit: Int) {
        self.bodyLimit = bodyLimit
    }

    /// Takes a header field, as `FieldLine` split it, of a request in `version`.
    mutating func take(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, version: RequestHead.Version) throws(HTTPError) {
        if name.equalsIgnoringCase("host") {
            try takeHost(value)
        } else if name.equalsIgnoringCase("content-length") {
            try takeContentLength(value)
        } else if name.equalsIgnoringCase("transfer-encoding") {
            try takeTransferEncoding(value, version: version)
        } else if name.equalsIgnoringCase("connection") {
            try takeConnection(value)
        } else if name.equalsIgnoringCase("expect") {
            try takeExpect(value, version: version)
        }
    }

    /// The framing and the connection's fate, once the head of a request in `version` has ended.
    func conclusion(version: RequestHead.Version) throws(HTTPError) -> Conclusion {
        guard version == .http10 || hostFields == 1 else { throw .badRequest("an HTTP/1.1 request needs a Host field (RFC 9112 §3.2)") }
        let framing: RequestHead.BodyFraming = chunked ? .chunked : contentLength.map { .length($0) } ?? .none
        return Conclusion(framing: framing, keepAlive: !close && (version == .http11 || keepAliveAsked),
                          expectsContinue: continueExpected)
    }

    private mutating func takeHost(_ value: UnsafeRawBufferPointer) throws(HTTPError) {
        hostFields += 1
        // Two hosts let two parsers route one request to two places.
        guard hostFields == 1 else { throw .badRequest("the request has two Host fields (RFC 9112 §3.2: exactly one)") }
        guard !value.contains(where: \.isWhitespace) else { throw .badRequest("Host \(ClientText.quoted(value)) has whitespace in it") }
    }

    /// RFC 9110 §8.6 / RFC 9112 §6.3: `1*DIGIT`; the same value repeated (in a list or on more lines) counts once,
    /// two different values are a 400; past the body limit, 413.
    private mutating func takeContentLength(_ value: UnsafeRawBufferPointer) throws(HTTPError) {
        guard !chunked else { throw Self.framedTwice }
        var announced = contentLength.map(Announced.bytes)
        try value.forEachListElement { element throws(HTTPError) in
            guard !element.isEmpty, element.allSatisfy(\.isDecimalDigit) else {
                throw .badRequest("Content-Length \(ClientText.quoted(value)) is not a number")
            }
            let length = Announced(digits: element, limit: bodyLimit)
            if let earlier = announced, earlier != length {
                throw .badRequest("two different Content-Length values (at \(ClientText.quoted(value))): one request has one length")
            }
            announced = length
        }
        guard case let .bytes(length) = announced else { throw .contentTooLarge(limit: bodyLimit) }
        contentLength = length
    }

    /// A Content-Length's value, or only that it is past the limit, however many digits it has (compared without
    /// overflow; two values past the limit compare equal, as either way the answer is 413).
    private enum Announced: Equatable {
        case bytes(Int), pastLimit

        init(digits: UnsafeRawBufferPointer, limit: Int) {
            var value = 0
            for digit in digits {
                guard let longer = value.appending(digit: Int(digit - UInt8(ascii: "0")), radix: 10, upTo: limit) else {
                    self = .pastLimit
                    return
                }
                value = longer
            }
            self = .bytes(value)
        }
    }

    /// RFC 9112 §6.1: a comma list across lines; only a single `chunked`, last, is taken. Any other coding before it
    /// is one this server does not implement (501); after it, the body's end cannot be known (400, §6.3).
    private mutating func takeTransferEncoding(_ value: UnsafeRawBufferPointer, version: RequestHead.Version) throws(HTTPError) {
        guard version == .http11 else { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request (RFC 9112 §6.1: it is HTTP/1.1's)") }
        guard contentLength == nil else { throw Self.framedTwice }
        var named = false
        try value.forEachListElement { coding throws(HTTPError) in
            guard !coding.isEmpty else { return }
            named = true
            guard coding.allSatisfy(\.isTokenCharacter) else {
                throw .badRequest("Transfer-Encoding \(ClientText.quoted(value)) has an element that is not a coding")
            }
            if coding.equalsIgnoringCase("chunked") {
                guard !chunked else { throw .badRequest("Transfer-Encoding names chunked twice") }
                chunked = true
            } else if chunked {
                throw .badRequest("Transfer-Encoding has \(ClientText.quoted(coding)) after chunked (chunked must be the last coding)")
            } else {
                throw .notImplemented("the transfer coding \(ClientText.quoted(coding)) is not implemented; only chunked is")
            }
        }
        guard named else { throw .badRequest("Transfer-Encoding names no coding") }
    }

    /// Content-Length and Transfer-Encoding together are the classic request smuggling (RFC 9112 §6.1): refused.
    private static let framedTwice = HTTPError.badRequest("both Content-Length and Transfer-Encoding (a request is framed one way)")

    /// RFC 9110 §7.6.1: a list of tokens without case; `close` wins over `keep-alive`.
    private mutating func takeConnection(_ value: UnsafeRawBufferPointer) throws(HTTPError) {
        try value.forEachListElement { option throws(HTTPError) in
            guard !option.isEmpty else { return }
            guard option.allSatisfy(\.isTokenCharacter) else {
                throw .badRequest("Connection \(ClientText.quoted(value)) has an element that is not a token")
            }
            if option.equalsIgnoringCase("close") { close = true }
            if option.equalsIgnoringCase("keep-alive") { keepAliveAsked = true }
        }
    }

    /// RFC 9110 §10.1.1: `100-continue` is the only expectation there is; an HTTP/1.0 client cannot wait for a 100,
    /// so there it is ignored. Any other expectation is a 417 in either version.
    private mutating func takeExpect(_ value: UnsafeRawBufferPointer, version: RequestHead.Version) throws(HTTPError) {
        try value.forEachListElement { expectation throws(HTTPError) in
            guard !expectation.isEmpty else { return }
            guard expectation.equalsIgnoringCase("100-continue") else {
                throw .expectationFailed("the expectation \(ClientText.quoted(expectation)) cannot be met; only 100-continue can")
            }
            continueExpected = version == .http11
        }
    }
}
