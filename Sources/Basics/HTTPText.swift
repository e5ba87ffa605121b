/// Views of HTTP text held as bytes: comparing without case, trimming `OWS`, the elements of a `#list` (RFC 9110
/// §5.6.1) and of a weighted one (§12.4.2: `gzip;q=0.8`, an Accept-Language value). On bytes: serve's parser reads
/// every request's fields with them, and batch locale matching every new preference list it meets.
extension UnsafeRawBufferPointer {
    /// Whether the bytes spell `lowercase` (which must be lower case ASCII) in any case, as names and codings compare.
    @inlinable public func equalsIgnoringCase(_ lowercase: StaticString) -> Bool {
        count == lowercase.utf8CodeUnitCount && hasPrefixIgnoringCase(lowercase)
    }

    /// Whether the bytes start with `lowercase` (lower case ASCII) in any case.
    @inlinable public func hasPrefixIgnoringCase(_ lowercase: StaticString) -> Bool {
        guard count >= lowercase.utf8CodeUnitCount else { return false }
        return lowercase.withUTF8Buffer { prefix in prefix.indices.allSatisfy { self[$0].asciiLowercased == prefix[$0] } }
    }

    /// The bytes without the SP and HTAB they start and end with.
    @inlinable public func trimmingWhitespace() -> UnsafeRawBufferPointer {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return UnsafeRawBufferPointer(rebasing: self[0..<0])
        }
        return UnsafeRawBufferPointer(rebasing: self[first...last])
    }

    /// Calls `body` with each element of a comma-separated list (RFC 9110 §5.6.1), or of one `separator`
    /// separates, trimmed, empty ones included (a list may skip them, a single value may not).
    @inlinable public func forEachListElement<Failure: Error>(separator: UInt8 = UInt8(ascii: ","),
                                                   _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        var start = 0
        while start <= count {
            let end = firstIndex(ofByte: separator, from: start) ?? count
            try body(UnsafeRawBufferPointer(rebasing: self[start..<end]).trimmingWhitespace())
            start = end + 1
        }
    }

    /// Calls `body` with each element of a weighted list without its parameters, and its weight: the value of its
    /// `q` parameter (0 to 1; `Q` and whitespace around `=` allowed), 1 when it has none or one that is no weight.
    /// Elements with nothing before their parameters are skipped.
    public func forEachWeightedElement(_ body: (_ value: UnsafeRawBufferPointer, _ weight: Double) -> Void) {
        forEachListElement { element in
            let valueEnd = element.firstIndex(ofByte: UInt8(ascii: ";")) ?? element.count
            let value = UnsafeRawBufferPointer(rebasing: element[..<valueEnd]).trimmingWhitespace()
            var weight = 1.0
            UnsafeRawBufferPointer(rebasing: element[valueEnd...]).forEachListElement(separator: UInt8(ascii: ";")) { parameter in
                if let given = parameter.qValue { weight = given }
            }
            if !value.isEmpty { body(value, weight) }
        }
    }

    /// The weight a `q=0.8` parameter gives, nil for any other parameter.
    private var qValue: Double? {
        guard let equals = firstIndex(ofByte: UInt8(ascii: "=")) else { return nil }
        let name = UnsafeRawBufferPointer(rebasing: self[..<equals]).trimmingWhitespace()
        let text = UnsafeRawBufferPointer(rebasing: self[(equals + 1)...]).trimmingWhitespace()
        guard name.equalsIgnoringCase("q"), let value = Double(String(decoding: text, as: UTF8.self)), (0...1).contains(value) else {
            return nil
        }
        return value
    }
}
