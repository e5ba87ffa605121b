/// A batch body as the service's batch routes take it, `{"events": [ITEM, ...]}` or `{"requests": [...]}`, read
/// whole and held to its limits: its items, each at its pointer (`/events/3`), or why the body is no batch, when
/// nothing of it is used. What an item holds is for its reader to judge: a bad item is refused alone.
public struct BatchBody {
    /// What a batch is: the member that lists its items, and how large it may be.
    public struct Limits: Sendable {
        /// `events`: also what the items are called in messages ("the batch has 501 events").
        public let member: String
        public let maximumItems: Int
        public let maximumBytes: Int

        public init(member: String, maximumItems: Int, maximumBytes: Int) {
            self.member = member
            self.maximumItems = maximumItems
            self.maximumBytes = maximumBytes
        }
    }

    /// Why a body is no batch at all.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// Not JSON, or not an object with the batch's array.
            case malformed
            /// Past the batch's items or bytes: `message` says which, and the bound.
            case tooLarge
        }

        public let kind: Kind
        public let message: String
        public var description: String { message }
    }

    public let items: [(value: JSONValue, pointer: JSONPointer)]

    public init(_ body: UnsafeRawBufferPointer, limits: Limits) throws(Refusal) {
        guard body.count <= limits.maximumBytes else {
            throw Refusal(kind: .tooLarge, message: "the body has \(body.count) bytes; a batch has at most \(limits.maximumBytes)")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw Refusal(kind: .malformed, message: "the body is not JSON: \(error)")
        }
        guard case let .object(root) = document else {
            throw Refusal(kind: .malformed, message: #"the body must be an object {"\#(limits.member)": [...]}, found \#(document.kind)"#)
        }
        if let repeated = root.repeatedKey {
            throw Refusal(kind: .malformed, message: "the body names \"\(repeated)\" more than once")
        }
        guard case let .array(elements) = root[limits.member] ?? .null else {
            throw Refusal(kind: .malformed, message: "the body must have an \"\(limits.member)\" array")
        }
        guard elements.count <= limits.maximumItems else {
            throw Refusal(kind: .tooLarge,
                          message: "the batch has \(elements.count) \(limits.member); a batch has at most \(limits.maximumItems)")
        }
        let pointer = JSONPointer.root.appending(limits.member)
        items = elements.enumerated().map { ($0.element, pointer.appending($0.offset)) }
    }
}
