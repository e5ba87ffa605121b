import PaywallModel

/// A batch of events as `POST /v1/events` takes it, `{"events": [EVENT, ...]}`, read whole: the events that
/// read, and each one that does not with its first problem. A bad event is refused alone.
public struct EventBatch: Sendable {
    public static let maximumEvents = 500
    public static let maximumBytes = 1 << 20

    /// An event refused, with where in the document and why.
    public struct Rejection: Sendable, Equatable {
        /// The event's place in the batch, from 0.
        public let index: Int
        public let pointer: JSONPointer
        public let message: String
    }

    /// Why a body is no batch at all; nothing of it is stored.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// Not JSON, or not an object with an `events` array.
            case malformed
            /// Past `maximumEvents` or `maximumBytes`.
            case tooLarge
        }

        public let kind: Kind
        public let message: String
        public var description: String { message }
    }

    /// The events that read, with their places in the batch.
    public let events: [(index: Int, event: Event)]
    public let rejections: [Rejection]

    /// Reads a request body.
    public static func read(_ body: UnsafeRawBufferPointer) throws(Refusal) -> EventBatch {
        guard body.count <= maximumBytes else {
            throw Refusal(kind: .tooLarge, message: "the body has \(body.count) bytes; a batch has at most \(maximumBytes)")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw Refusal(kind: .malformed, message: "the body is not JSON: \(error)")
        }
        guard case let .object(root) = document else {
            throw Refusal(kind: .malformed, message: #"the body must be an object {"events": [...]}, found \#(document.kind)"#)
        }
        if let repeated = root.repeatedKey {
            throw Refusal(kind: .malformed, message: "the body names \"\(repeated)\" more than once")
        }
        guard case let .array(elements) = root["events"] ?? .null else {
            throw Refusal(kind: .malformed, message: #"the body must have an "events" array"#)
        }
        guard elements.count <= maximumEvents else {
            throw Refusal(kind: .tooLarge, message: "the batch has \(elements.count) events; a batch has at most \(maximumEvents)")
        }
        return EventBatch(elements.enumerated().map { ($0.offset, $0.element) }, at: JSONPointer.root.appending("events"))
    }

    /// The events of `elements`, each at `pointer`/its index (`/events/3`).
    init(_ elements: [(index: Int, value: JSONValue)], at pointer: JSONPointer) {
        var events: [(index: Int, event: Event)] = []
        var rejections: [Rejection] = []
        events.reserveCapacity(elements.count)
        for (index, value) in elements {
            switch Event.read(value, at: pointer.appending(index)) {
            case let .event(event): events.append((index, event))
            case let .rejected(issue): rejections.append(Rejection(index: index, pointer: issue.pointer, message: issue.reason))
            }
        }
        self.events = events
        self.rejections = rejections
    }
}
