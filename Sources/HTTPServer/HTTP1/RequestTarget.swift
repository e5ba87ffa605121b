/// The four forms of a request target (RFC 9112 §3.2), each taken only where it belongs, and where in it the path and
/// the query are that `RequestHead` keeps.
enum RequestTarget {
    /// Where the path and the query are, from the target's first byte.
    struct Parts: Equatable {
        /// Never empty: an origin-form's path as sent; the path of an absolute-form, or the last `/` of its `://` when it
        /// has none; `*` for OPTIONS; `host:port` for CONNECT (and only for it).
        var path: Range<Int>
        /// After the first `?` of an origin-form or absolute-form: nil when there is none.
        var query: Range<Int>?

        /// `self` shifted by `offset`: where the parts are in bytes the target starts `offset` bytes into.
        func shifted(by offset: Int) -> Parts {
            Parts(path: (path.lowerBound + offset)..<(path.upperBound + offset),
                  query: query.map { ($0.lowerBound + offset)..<($0.upperBound + offset) })
        }
    }

    /// The parts of `target`, once it is known to be a target `method` may have.
    static func checked(_ target: UnsafeRawBufferPointer, method: UnsafeRawBufferPointer) throws(HTTPError) -> Parts {
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
        if target.first == UInt8(ascii: "/") { return pathAndQuery(of: target, from: 0) }
        if target.elementsEqual("*".utf8) {
            guard method.elementsEqual("OPTIONS".utf8) else { throw .badRequest("the target * is only for OPTIONS") }
            return Parts(path: 0..<1, query: nil)
        }
        if let authorityStart = authorityStart(of: target) { return try pathOfAbsoluteForm(target, authorityStart: authorityStart) }
        throw .badRequest("the request target \(ClientText.quoted(target)) is not a path (/…), an http or https URI, "
            + "* (OPTIONS) or host:port (CONNECT)")
    }

    /// The path from `start` up to the first `?` after it, and the query after that `?`.
    private static func pathAndQuery(of target: UnsafeRawBufferPointer, from start: Int) -> Parts {
        guard let questionMark = target.firstIndex(ofByte: UInt8(ascii: "?"), from: start) else { return Parts(path: start..<target.count) }
        return Parts(path: start..<questionMark, query: (questionMark + 1)..<target.count)
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
    private static func pathOfAbsoluteForm(_ target: UnsafeRawBufferPointer, authorityStart: Int) throws(HTTPError) -> Parts {
        let pathStart = target[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.count
        let authority = UnsafeRawBufferPointer(rebasing: target[authorityStart..<pathStart])
        // RFC 9110 §4.2.1: an http URI with an empty host is invalid and its recipient must reject it.
        guard !authority.isEmpty else { throw .badRequest("the request target \(ClientText.quoted(target)) has no host") }
        // RFC 9110 §4.2.4: userinfo in an http URI is deprecated and a recipient should treat it as an error.
        guard !authority.contains(UInt8(ascii: "@")) else {
            throw .badRequest("the request target \(ClientText.quoted(target)) has userinfo (user@), which http URIs do not carry")
        }
        guard pathStart < target.count, target[pathStart] == UInt8(ascii: "/") else {
            // No path: the `/` it stands for is the one that ends `://`.
            let slash = (authorityStart - 1)..<authorityStart
            return Parts(path: slash, query: pathStart < target.count ? (pathStart + 1)..<target.count : nil)
        }
        return pathAndQuery(of: target, from: pathStart)
    }

    /// `host:port` (RFC 9112 §3.2.3): a non-empty host, a colon, then a port of digits; no path, no userinfo.
    private static func authorityForm(_ target: UnsafeRawBufferPointer) throws(HTTPError) -> Parts {
        let colon = target.lastIndex(of: UInt8(ascii: ":"))
        let wellFormed = colon.map { colon in
            colon > 0 && colon + 1 < target.count && target[(colon + 1)...].allSatisfy(\.isDecimalDigit)
                && !target[..<colon].contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "?") }
        } ?? false
        guard wellFormed else { throw .badRequest("CONNECT needs a host:port target, not \(ClientText.quoted(target))") }
        return Parts(path: 0..<target.count)
    }
}
