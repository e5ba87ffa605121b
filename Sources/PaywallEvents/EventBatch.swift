import PaywallModel

/// A batch of events as `POST /v1/events` takes it, `{"events": [EVENT, ...]}`, read whole: the events that
/// read, and each one that does not with its first problem. A bad event is refused alone.
public struct EventBatch: Sendable {
    public static let maximumEvents = 500
    public static let maximumBytes = 1 << 20
    static let limits = BatchBody.Limits(member: "events", maximumItems: maximumEvents, maximumBytes: maximumBytes)

    /// Why a body is no batch at all; nothing of it is stored.
    public typealias Refusal = BatchBody.Refusal

    /// The events that read, in batch order.
    public let events: [Event]
    /// The batch's rejections, each at its index: what is answered, once the events are counted in.
    public let ingested: IngestedEvents

    public var rejections: [EventRejection] { ingested.rejections }

    /// Reads a request body.
    public static func read(_ body: UnsafeRawBufferPointer) throws(Refusal) -> EventBatch {
        let items = try BatchBody(body, limits: limits).items
        var ingested = IngestedEvents()
        var events: [Event] = []
        events.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let event = ingested.event(Event.read(item.value, at: item.pointer), at: .index(index)) { events.append(event) }
        }
        return EventBatch(events: events, ingested: ingested)
    }
}
