/// The four forms of a request target (RFC 9112 §3.2), each taken only where it belongs, turned into the form
/// `RequestHead.target` keeps.
enum RequestTarget {
    /// The target as `RequestHead` keeps it: an origin-form as sent, the path and query of an absolute-form, `*` for
    /// OPTIONS, `host:port` for CONNECT (and only for it).
    static func checked(_ target: UnsafeRawBufferPointer, method: UnsafeRawBufferPointer) throws(HTTPError) -> String {
        // Eight bytes at a time (every request's target is scanned); the byte to name is looked for only once the
        // target is known bad.
        let (invisible, fragment) = scan(target)
        if invisible, let byte = target.first(where: { !$0.isVisibleASCII }) {
            throw .badRequest("the request target \(ClientText.quoted(target)) has the byte \(ClientText.escaped(byte)); "
                + "a target is visible ASCII (percent-encode the rest)")
        }
        // RFC 9110 §4.2.5: a fragment is the client's own; `#` in a target can only be an attempt to confuse.
        guard !fragment else {
            throw .badRequest("the request target \(ClientText.quoted(target)) has a fragment (#), which a request never sends")
        }
        if method.elementsEqual("CONNECT".utf8) { return try authorityForm(target) }
        if target.first == UInt8(ascii: "/") { return String(decoding: target, as: UTF8.self) }
        if target.elementsEqual("*".utf8) {
            guard method.elementsEqual("OPTIONS".utf8) else { throw .badRequest("the target * is only for OPTIONS") }
            return "*"
        }
        if let authorityStart = authorityStart(of: target) { return try pathOfAbsoluteForm(target, authorityStart: authorityStart) }
        throw .badRequest("the request target \(ClientText.quoted(target)) is not a path (/…), an http or https URI, "
            + "* (OPTIONS) or host:port (CONNECT)")
    }

    /// Whether `target` has a byte that is not visible ASCII (below 0x21 or above 0x7E), and whether it has a `#`.
    private static func scan(_ target: UnsafeRawBufferPointer) -> (invisible: Bool, fragment: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = ones &* 0x80
        var invisible: UInt64 = 0, fragment: UInt64 = 0
        var index = 0
        // The classic tests for a byte less than n, more than n, and equal to n, exact for "any".
        while index + 8 <= target.count {
            let word = target.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            invisible |= ((word &- ones &* 0x21) & ~word) | ((word &+ ones) | word)
            let hashes = word ^ (ones &* UInt64(UInt8(ascii: "#")))
            fragment |= (hashes &- ones) & ~hashes
            index += 8
        }
        var tail = (invisible & highs) != 0, hash = (fragment & highs) != 0
        for byte in UnsafeRawBufferPointer(rebasing: target[index...]) {
            tail = tail || !byte.isVisibleASCII
            hash = hash || byte == UInt8(ascii: "#")
        }
        return (tail, hash)
    }

    /// Where the authority starts after `http://` or `https://` (schemes have no case, RFC 3986 §3.1); nil for any other start.
    private static func authorityStart(of target: UnsafeRawBufferPointer) -> Int? {
        if target.hasPrefixIgnoringCase("http://") { return 7 }
        if target.hasPrefixIgnoringCase("https://") { return 8 }
        return nil
    }

    /// `http://host/path?query` → `/path?query` (RFC 9112 §3.2.2); `/` when the URI has no path.
    private static func pathOfAbsoluteForm(_ target: UnsafeRawBufferPointer, authorityStart: Int) throws(HTTPError) -> String {
        let pathStart = target[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.count
        let authority = UnsafeRawBufferPointer(rebasing: target[authorityStart..<pathStart])
        // RFC 9110 §4.2.1: an http URI with an empty host is invalid and its recipient must reject it.
        guard !authority.isEmpty else { throw .badRequest("the request target \(ClientText.quoted(target)) has no host") }
        // RFC 9110 §4.2.4: userinfo in an http URI is deprecated and a recipient should treat it as an error.
        guard !authority.contains(UInt8(ascii: "@")) else {
            throw .badRequest("the request target \(ClientText.quoted(target)) has userinfo (user@), which http URIs do not carry")
        }
        let pathAndQuery = String(decoding: UnsafeRawBufferPointer(rebasing: target[pathStart...]), as: UTF8.self)
        return pathAndQuery.utf8.first == UInt8(ascii: "/") ? pathAndQuery : "/" + pathAndQuery
    }

    /// `host:port` (RFC 9112 §3.2.3): a non-empty host, a colon, then a port of digits; no path, no userinfo.
    private static func authorityForm(_ target: UnsafeRawBufferPointer) throws(HTTPError) -> String {
        let colon = target.lastIndex(of: UInt8(ascii: ":"))
        let wellFormed = colon.map { colon in
            colon > 0 && colon + 1 < target.count && target[(colon + 1)...].allSatisfy(\.isDecimalDigit)
                && !target[..<colon].contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "?") }
        } ?? false
        guard wellFormed else { throw .badRequest("CONNECT needs a host:port target, not \(ClientText.quoted(target))") }
        return String(decoding: target, as: UTF8.self)
    }
}
