import PaywallModel

/// The form the store keeps a model body in (a placement, paywall, localization, product...): the
/// `JSONValue` the model stores, laid out as tagged values with their lengths up front, so that a cold
/// `resolve` reads it back without parsing JSON text (no scanning for quotes, escapes or numbers).
/// A leading marker byte, which JSON text never starts with, tells it from the JSON text that stores
/// written before it hold: `JSONValue.stored` reads either.
///
/// Layout: the marker, then one value. A value is a tag byte and what the tag says follows: `null`,
/// `false`, `true` nothing; a number (its literal) and a string a length and UTF-8 bytes; an array a
/// count and its elements; an object a count and, per member, its key (a length and bytes) and value.
/// Lengths and counts are unsigned LEB128.
enum BinaryBody {
    static let marker: UInt8 = 0x01

    private enum Tag: UInt8 {
        case null = 0, `false`, `true`, number, string, array, object
    }

    /// Nesting deeper than this is refused on reading: it guards the stack against a damaged file.
    static let maximumDepth = 256

    static func encoded(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = [marker]
        append(value, to: &bytes)
        return bytes
    }

    private static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(Tag.null.rawValue)
        case let .bool(flag): bytes.append((flag ? Tag.true : Tag.false).rawValue)
        case let .number(literal): append(literal, tag: .number, to: &bytes)
        case let .string(text): append(text, tag: .string, to: &bytes)
        case let .array(elements):
            bytes.append(Tag.array.rawValue)
            appendLength(elements.count, to: &bytes)
            for element in elements { append(element, to: &bytes) }
        case let .object(object):
            bytes.append(Tag.object.rawValue)
            appendLength(object.members.count, to: &bytes)
            for member in object.members {
                appendText(member.key, to: &bytes)
                append(member.value, to: &bytes)
            }
        }
    }

    private static func append(_ text: String, tag: Tag, to bytes: inout [UInt8]) {
        bytes.append(tag.rawValue)
        appendText(text, to: &bytes)
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        appendLength(text.utf8.count, to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    /// Unsigned LEB128.
    static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        var rest = UInt(length)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The value of a body that starts with `marker`; a damaged one is an error that says where.
    static func decoded(_ bytes: UnsafeRawBufferPointer) throws(StorageDecodingError) -> JSONValue {
        var reader = Reader(bytes: bytes, position: 1)
        let value = try reader.value(depth: 0)
        guard reader.position == bytes.count else { throw reader.damage("bytes after the value") }
        return value
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position: Int

        mutating func value(depth: Int) throws(StorageDecodingError) -> JSONValue {
            guard depth < BinaryBody.maximumDepth else { throw damage("nesting deeper than \(BinaryBody.maximumDepth)") }
            let tagPosition = position
            switch Tag(rawValue: try byte()) {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .number: return .number(try text())
            case .string: return .string(try text())
            case .array:
                let count = try length()
                var elements: [JSONValue] = []
                elements.reserveCapacity(count)
                for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
                return .array(elements)
            case .object:
                let count = try length()
                var members: [JSONObject.Member] = []
                members.reserveCapacity(count)
                for _ in 0..<count {
                    let key = try text()
                    members.append(JSONObject.Member(key: key, value: try value(depth: depth + 1)))
                }
                return .object(JSONObject(members))
            case nil:
                position = tagPosition
                throw damage("unknown tag \(bytes[tagPosition])")
            }
        }

        private mutating func byte() throws(StorageDecodingError) -> UInt8 {
            guard position < bytes.count else { throw damage("the body ends early") }
            defer { position += 1 }
            return bytes[position]
        }

        /// A length or count, which cannot be more than the bytes left (each element takes one at least).
        private mutating func length() throws(StorageDecodingError) -> Int {
            let start = position
            var length = 0, shift = 0
            while true {
                let byte = try byte()
                guard shift < 63 else {
                    position = start
                    throw damage("a length too long")
                }
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard length <= bytes.count - position else {
                position = start
                throw damage("a length of \(length) past the end")
            }
            return length
        }

        private mutating func text() throws(StorageDecodingError) -> String {
            let count = try length()
            defer { position += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<position + count]), as: UTF8.self)
        }

        func damage(_ what: String) -> StorageDecodingError {
            StorageDecodingError(reason: "damaged binary body at byte \(position): \(what)")
        }
    }
}
