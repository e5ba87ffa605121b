/// A strict RFC 8259 parser over UTF-8 bytes, for untrusted input: nesting and string length are
/// bounded, invalid UTF-8 and control characters are errors, and every error says where it is.
public struct JSONParser {
    public struct Limits: Sendable {
        public var maximumDepth = 64
        public var maximumStringBytes = 1 << 20
        /// The longest number, in bytes. 1,024 holds any double written out in full (its longest exact decimal
        /// has 767 significant digits), and refuses the million-digit numbers that would otherwise be kept
        /// and served as they are, each as large as the file allows.
        public var maximumNumberBytes = 1024

        public init() {}
    }

    private let bytes: UnsafeRawBufferPointer
    private let limits: Limits
    private var position = 0
    private var depth = 0
    /// Top-level arrays whose elements go to `sink` instead of into the tree.
    private var streamedKeys: Set<String> = []
    private var sink: ((StreamedElement) -> Void)?
    private let observer: (any JSONObserver)?
    /// The members and elements of the objects and arrays being read: each container is made once at its
    /// end, with room for exactly what it holds (growing each one as it is read would leave up to half of
    /// its storage unused, for as long as the document is kept).
    private let openMembers = OpenValues<JSONObject.Member>(capacity: 32)
    private let openElements = OpenValues<JSONValue>(capacity: 32)

    /// Parses one JSON document; only whitespace may follow it. `observer` is told what is read.
    public static func parse(_ bytes: UnsafeRawBufferPointer, limits: Limits = Limits(),
                             observer: (any JSONObserver)? = nil) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, limits: limits, observer: observer)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position < bytes.count { throw parser.error("unexpected text after the document") }
        return value
    }

    /// An element of a streamed top-level array.
    public struct StreamedElement {
        public let key: String
        public let index: Int
        public let value: JSONValue
        /// How many bytes of the document have been read once this element was: the parser never
        /// looks before this point again (except to count lines for an error message).
        public let endOffset: Int
    }

    /// Parses like `parse`, except that the elements of the top-level object's arrays named in
    /// `streamedKeys` are handed to `element` one at a time as they are read, and those members come
    /// back as empty arrays: a large export is never held whole as a tree.
    public static func parse(_ bytes: UnsafeRawBufferPointer, limits: Limits = Limits(), streaming streamedKeys: Set<String>,
                             observer: (any JSONObserver)? = nil, element: (StreamedElement) -> Void) throws(JSONSyntaxError) -> JSONValue {
        let result = withoutActuallyEscaping(element) { element in
            var parser = JSONParser(bytes: bytes, limits: limits, observer: observer)
            parser.streamedKeys = streamedKeys
            parser.sink = element
            return Result { () throws(JSONSyntaxError) in
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                if parser.position < bytes.count { throw parser.error("unexpected text after the document") }
                return value
            }
        }
        return try result.get()
    }

    public static func parse(_ text: String, limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONSyntaxError) in try parse(UnsafeRawBufferPointer(buffer), limits: limits) }
        }
        return try result.get()
    }

    private init(bytes: UnsafeRawBufferPointer, limits: Limits, observer: (any JSONObserver)?) {
        self.bytes = bytes
        self.limits = limits
        self.observer = observer
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of the document, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object(try nested { (parser) throws(JSONSyntaxError) in try parser.parseObject() })
        case UInt8(ascii: "["): return .array(try nested { (parser) throws(JSONSyntaxError) in try parser.parseArray() })
        case UInt8(ascii: "\""): return observed(.string(try parseString()))
        case UInt8(ascii: "t"): return observed(try parseLiteral("true", .bool(true)))
        case UInt8(ascii: "f"): return observed(try parseLiteral("false", .bool(false)))
        case UInt8(ascii: "n"): return observed(try parseLiteral("null", .null))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return observed(.number(try parseNumber()))
        default: throw error("unexpected \(describe(bytes[position])), expected a value")
        }
    }

    private func observed(_ scalar: JSONValue) -> JSONValue {
        observer?.scalar(scalar)
        return scalar
    }

    private mutating func nested<T>(_ body: (inout JSONParser) throws(JSONSyntaxError) -> T) throws(JSONSyntaxError) -> T {
        depth += 1
        if depth > limits.maximumDepth { throw error("nesting deeper than \(limits.maximumDepth) levels") }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONObject {
        position += 1
        observer?.objectStarted()
        let start = openMembers.count
        defer { openMembers.discard(from: start) }
        var repeatedKey: String?
        var names = MemberNames()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { position += 1; observer?.objectEnded(); return JSONObject() }
        while true {
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in double quotes") }
            let key = try parseString()
            let isRepeated = names.insert(key, members: openMembers.values(from: start))
            if isRepeated, repeatedKey == nil { repeatedKey = key }
            observer?.memberNamed(key)
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the member name \"\(key)\"") }
            position += 1
            skipWhitespace()
            // A repeated collection is kept in the tree, unread like any repeated member, rather than streamed a second time.
            do {
                if depth == 1, let sink, !isRepeated, streamedKeys.contains(key), peek(UInt8(ascii: "[")) {
                    _ = try nested { (parser) throws(JSONSyntaxError) in
                        try parser.parseArray { index, value, endOffset in
                            sink(StreamedElement(key: key, index: index, value: value, endOffset: endOffset))
                        }
                    }
                    openMembers.append(JSONObject.Member(key: key, value: .array([])))
                } else {
                    let value = try parseValue()
                    openMembers.append(JSONObject.Member(key: key, value: value))
                }
            } catch {
                throw error.within(key)
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                skipWhitespace()
            } else if peek(UInt8(ascii: "}")) {
                position += 1
                observer?.objectEnded()
                var object = JSONObject(openMembers.moveOut(from: start))
                object.repeatedKey = repeatedKey
                return object
            } else {
                throw error("expected ',' or '}' after an object member")
            }
        }
    }

    /// The elements, or, with `sink`, none: each is handed to it with its index and end offset instead.
    private mutating func parseArray(sink: ((Int, JSONValue, Int) -> Void)? = nil) throws(JSONSyntaxError) -> [JSONValue] {
        position += 1
        observer?.arrayStarted()
        let start = openElements.count
        defer { openElements.discard(from: start) }
        var count = 0
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { position += 1; observer?.arrayEnded(); return [] }
        while true {
            let element: JSONValue
            do {
                element = try parseValue()
            } catch {
                throw error.within(String(count))
            }
            if let sink { sink(count, element, position) } else { openElements.append(element) }
            count += 1
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                skipWhitespace()
            } else if peek(UInt8(ascii: "]")) {
                position += 1
                observer?.arrayEnded()
                return openElements.moveOut(from: start)
            } else {
                throw error("expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        // Most strings have no escape: take them straight from the buffer, validating once. Most are
        // ASCII too, which needs no validation (`String(validating:)` costs a generic call each time).
        var end = position
        var bitsSeen: UInt8 = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            bitsSeen |= bytes[end]
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\""), end - position <= limits.maximumStringBytes {
            let raw = UnsafeRawBufferPointer(rebasing: bytes[position..<end])
            let text: String
            if bitsSeen < 0x80 {
                text = String(decoding: raw, as: UTF8.self)
            } else {
                guard let valid = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8 in a string", at: start) }
                text = valid
            }
            position = end + 1
            return text
        }
        var decoded: [UInt8] = []
        while true {
            guard position < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: decoded, as: UTF8.self) else { throw error("invalid UTF-8 in a string", at: start) }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &decoded)
            case 0..<0x20:
                throw error("unescaped control character in a string")
            default:
                decoded.append(byte)
                position += 1
            }
            if decoded.count > limits.maximumStringBytes {
                throw error("string longer than \(limits.maximumStringBytes) bytes", at: start)
            }
        }
    }

    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        position += 1
        guard position < bytes.count else { throw error("unterminated escape") }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate in \\u escape")
                }
                position += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("unpaired surrogate in \\u escape")
            }
            decoded.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            let shown = (0x21..<0x7F).contains(escaped) ? "'\\\(Character(Unicode.Scalar(escaped)))'" : "'\\' followed by \(describe(escaped))"
            throw error("invalid escape \(shown)", at: position - 2)
        }
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hexadecimal digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.position
            while parser.position < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.position]) {
                parser.position += 1
            }
            return parser.position - first
        }
        if peek(UInt8(ascii: "-")) { position += 1 }
        if peek(UInt8(ascii: "0")) {
            position += 1
        } else if digits(&self) == 0 {
            throw error("invalid number: expected a digit")
        }
        if peek(UInt8(ascii: ".")) {
            position += 1
            if digits(&self) == 0 { throw error("invalid number: expected a digit after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            if digits(&self) == 0 { throw error("invalid number: expected a digit in the exponent") }
        }
        if position - start > limits.maximumNumberBytes {
            var tooLong = error("number longer than \(limits.maximumNumberBytes) bytes", at: start)
            tooLong.pointer = .root
            throw tooLong
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        for expected in word.utf8 {
            guard position < bytes.count, bytes[position] == expected else { throw error("invalid literal, expected '\(word)'") }
            position += 1
        }
        return value
    }

    private func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte == UInt8(ascii: "'") { return "\"'\" (JSON strings take double quotes)" }
        return (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1, lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(offset: offset, line: line, column: offset - lineStart + 1, reason: reason)
    }
}
