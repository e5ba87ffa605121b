/// Views of HTTP text held as bytes: comparing without case, trimming `OWS`, and the elements of a `#list`.
extension UnsafeRawBufferPointer {
    /// Whether the bytes spell `lowercase` (which must be lower case ASCII) in any case, as names and codings compare.
    func equalsIgnoringCase(_ lowercase: StaticString) -> Bool {
        count == lowercase.utf8CodeUnitCount && hasPrefixIgnoringCase(lowercase)
    }

    /// Whether the bytes start with `lowercase` (lower case ASCII) in any case.
    func hasPrefixIgnoringCase(_ lowercase: StaticString) -> Bool {
        guard count >= lowercase.utf8CodeUnitCount else { return false }
        return lowercase.withUTF8Buffer { prefix in prefix.indices.allSatisfy { self[$0].asciiLowercased == prefix[$0] } }
    }

    /// The bytes without the SP and HTAB they start and end with.
    func trimmingWhitespace() -> UnsafeRawBufferPointer {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return UnsafeRawBufferPointer(rebasing: self[0..<0])
        }
        return UnsafeRawBufferPointer(rebasing: self[first...last])
    }

    /// Calls `body` with each element of a comma-separated list (RFC 9110 §5.6.1), trimmed, empty ones included
    /// (a list may skip them, a single value may not).
    func forEachListElement<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        var start = 0
        while start <= count {
            let end = self[start...].firstIndex(of: UInt8(ascii: ",")) ?? count
            try body(UnsafeRawBufferPointer(rebasing: self[start..<end]).trimmingWhitespace())
            start = end + 1
        }
    }
}
