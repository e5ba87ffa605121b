/// A JSON document as read: objects keep their keys in the order written, and numbers keep the
/// literal text, so that decimal prices stay exact and a document written back says what it said.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number exactly as written (`49.90`, `1e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// What the value is, for messages ("expected a string, found an array").
    public var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object with its members in document order.
public struct JSONObject: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public let key: String
        public let value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]
    /// The first name the document gave two members of this object, set by the parser (RFC 8259 leaves such an
    /// object to its reader): lookups read the first of them, and a `FieldReader` says so (`RepeatedMemberRule`).
    public internal(set) var repeatedKey: String?

    public init(_ members: [Member] = []) {
        self.members = members
    }

    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        members = pairs.map { Member(key: $0.key, value: $0.value) }
    }

    public var keys: [String] { members.map(\.key) }

    /// The value of the first member named `key`.
    public subscript(key: String) -> JSONValue? {
        // By index: a closure over the members would copy (and retain) each one it looks at.
        for index in members.indices where members[index].key == key { return members[index].value }
        return nil
    }

    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// Objects are equal when their members are: `repeatedKey` follows from them.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}
