import Basics
import Glibc

/// The first line of a request (RFC 9112 §3): `method SP request-target SP HTTP-version`, split on single spaces
/// only (no other whitespace, no runs of spaces), each part checked.
struct RequestLine: Sendable {
    let method: HTTPMethod
    /// Where the target's path and query are, from the line's first byte.
    let target: RequestTarget.Parts
    let version: RequestHead.Version

    /// Reads `line` (without its line end).
    init(parsing line: UnsafeRawBufferPointer) throws(HTTPError) {
        // memchr: a generic search over the buffer costs several instructions a byte, on every request.
        guard let firstSpace = line.firstIndex(ofByte: .space) else {
            throw .badRequest("the request line \(ClientText.quoted(line)) is not a method, a target and a version separated by spaces")
        }
        let method = UnsafeRawBufferPointer(rebasing: line[..<firstSpace])
        guard !method.isEmpty else { throw .badRequest("the request line starts with a space") }
        guard method.allSatisfy(\.isTokenCharacter) else { throw .badRequest("the method \(ClientText.quoted(method)) is not a token") }
        let targetStart = firstSpace + 1
        guard targetStart < line.count, line[targetStart] != .space else {
            throw .badRequest("the request line has two spaces after the method, or nothing after it")
        }
        guard let secondSpace = line.firstIndex(ofByte: .space, from: targetStart) else {
            throw .badRequest("the request line \(ClientText.quoted(line)) has no HTTP version after its target")
        }
        let version = UnsafeRawBufferPointer(rebasing: line[(secondSpace + 1)...])
        guard version.first != .space else { throw .badRequest("the request line has two spaces after the target") }
        guard !version.contains(.space) else {
            throw .badRequest("the request line \(ClientText.quoted(line)) has more than three parts (a space after its version)")
        }
        // The version before the target: an HTTP/2 preface (`PRI * HTTP/2.0`) gets its 505, not a 400 for `*`.
        self.version = try Self.version(version)
        target = try RequestTarget.checked(UnsafeRawBufferPointer(rebasing: line[targetStart..<secondSpace]), method: method)
            .shifted(by: targetStart)
        self.method = Self.method(method)
    }

    /// The method: GET, HEAD and POST, which nearly every request has, as literals rather than strings made anew.
    private static func method(_ method: UnsafeRawBufferPointer) -> HTTPMethod {
        func spells(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount == method.count && memcmp(name.utf8Start, method.baseAddress!, method.count) == 0
        }
        if spells("GET") { return .get }
        if spells("HEAD") { return .head }
        if spells("POST") { return .post }
        return HTTPMethod(String(decoding: method, as: UTF8.self))
    }

    /// `HTTP/1.1` or `HTTP/1.0` exactly (RFC 9112 §2.3: case-sensitive, one digit each); another `HTTP/<digit>.<digit>`
    /// is a version this server does not speak (505), anything else no version at all (400).
    private static func version(_ bytes: UnsafeRawBufferPointer) throws(HTTPError) -> RequestHead.Version {
        let prefix: StaticString = "HTTP/"
        let spelled = bytes.count == 8 && prefix.withUTF8Buffer { bytes.starts(with: $0) }
            && bytes[5].isDecimalDigit && bytes[6] == UInt8(ascii: ".") && bytes[7].isDecimalDigit
        guard spelled else { throw .badRequest("the HTTP version \(ClientText.quoted(bytes)) is not HTTP/1.1 or HTTP/1.0") }
        switch (bytes[5], bytes[7]) {
        case (UInt8(ascii: "1"), UInt8(ascii: "1")): return .http11
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): return .http10
        default: throw .httpVersionNotSupported(String(decoding: bytes, as: UTF8.self))
        }
    }
}
