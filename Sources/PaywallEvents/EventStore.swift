import PaywallStore

/// Where a server's events are kept and its reports read: `events.sqlite` beside the snapshots (`SQLiteEventStore`),
/// or a PostgreSQL database that several replicas share (`PostgresEventStore`). The same rules hold for both: a
/// batch is stored whole or not at all and is durable once `append` returns, an `event_id` is kept once, and the
/// report's sums are of the same events. One connection, used by one thread at a time.
public protocol EventStore: AnyObject {
    /// Stores several batches in one transaction (one commit for requests that came together): all or none,
    /// durable once this returns; what each batch added, in order.
    func append(batches: [[Event]]) throws(StoreError) -> [AppendedEvents]

    /// One step of retention, one transaction that writers wait for at most: deletes at most `batch` of the events
    /// created before `milliseconds` (epoch), and what no event needs any more.
    func deleteStep(createdBefore milliseconds: Int64, batch: Int) throws(StoreError) -> RetentionStep

    /// The sums a conversion report of `query` is made of.
    func conversionTallies(_ query: ReportQuery) throws(StoreError) -> ConversionTallies

    /// A value read cheaply that differs from the one this connection read before whenever events may have been
    /// stored or deleted since, by any connection, process or replica: a report made between two equal values
    /// is current. Nil when the store cannot tell.
    func changeMark() throws(StoreError) -> String?
}

extension EventStore {
    /// Stores `events` in one transaction: all or none, durable once this returns.
    public func append(_ events: some Collection<Event>) throws(StoreError) -> AppendedEvents {
        try append(batches: [Array(events)])[0]
    }

    /// Deletes the events created before `milliseconds` (epoch), step by step; the number deleted.
    public func deleteEvents(createdBefore milliseconds: Int64, batch: Int = RetentionStep.defaultBatch) throws(StoreError) -> Int {
        var deleted = 0
        while true {
            let step = try deleteStep(createdBefore: milliseconds, batch: batch)
            deleted += step.deletedEvents
            if step.isLast { return deleted }
        }
    }

    public func changeMark() throws(StoreError) -> String? { nil }
}

/// What one step of retention did.
public struct RetentionStep: Sendable, Equatable {
    public static let defaultBatch = 10_000

    public let deletedEvents: Int
    /// Nothing is left for a next step to do.
    public let isLast: Bool

    public init(deletedEvents: Int, isLast: Bool) {
        self.deletedEvents = deletedEvents
        self.isLast = isLast
    }
}

/// What `append` did with a batch.
public struct AppendedEvents: Sendable, Equatable {
    /// Events stored.
    public let accepted: Int
    /// Events whose `event_id` was stored already (by an earlier batch, or earlier in this one).
    public let duplicates: Int

    public init(accepted: Int, duplicates: Int) {
        self.accepted = accepted
        self.duplicates = duplicates
    }
}
