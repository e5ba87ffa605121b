import Glibc
import PaywallStore

/// The events of one store directory, in `events.sqlite` beside the snapshots: WAL, and `synchronous=FULL`,
/// so that once `append` returns its events survive a crash or a power cut. One connection, used by one
/// thread at a time.
public final class EventStore {
    public static let fileName = "events.sqlite"

    package let database: Database
    private let insert: Statement
    private let names: NameTable

    private init(database: Database) throws(StoreError) {
        self.database = database
        insert = try database.prepare("""
            INSERT INTO events (event_id, type, created_at, profile, placement, variation, locale, locale_result,
                requested_locale, country, platform, app_version, snapshot, product, price_micros, currency, purchase_result,
                action_type, action_value, screen, screen_order, screen_last, error_code, error_message)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)
            ON CONFLICT (event_id) DO NOTHING
            """)
        names = try NameTable(database)
    }

    /// Opens `events.sqlite` in the store directory `directory`, creating it (not the directory) when missing
    /// and `create` says so.
    public static func open(inStore directory: String, create: Bool = true) throws(StoreError) -> EventStore {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + fileName
        var status = stat()
        if stat(directory, &status) != 0 || status.st_mode & S_IFMT != S_IFDIR {
            throw StoreError(kind: .missing, message: "no store directory at \(directory) for \(fileName)")
        }
        if !create, access(path, F_OK) != 0 {
            throw StoreError(kind: .missing, message: "no events at \(path) (send them to POST /v1/events, or `paywalls events ingest FILE`)")
        }
        let database = try Database(path: path, create: create)
        // Every commit reaches the disk before the events are acknowledged.
        try database.execute("PRAGMA synchronous = FULL")
        try EventSchema.prepare(database, create: create)
        return try EventStore(database: database)
    }

    /// What `append` did with a batch.
    public struct Appended: Sendable, Equatable {
        /// Events stored.
        public let accepted: Int
        /// Events whose `event_id` was stored already (by an earlier batch, or earlier in this one).
        public let duplicates: Int

        public init(accepted: Int, duplicates: Int) {
            self.accepted = accepted
            self.duplicates = duplicates
        }
    }

    /// Stores `events` in one transaction: all or none, durable once this returns.
    public func append(_ events: some Collection<Event>) throws(StoreError) -> Appended {
        try append(batches: [Array(events)])[0]
    }

    /// Stores several batches in one transaction (one commit for requests that came together): all or none,
    /// durable once this returns; what each batch added, in order.
    public func append(batches: [[Event]]) throws(StoreError) -> [Appended] {
        do {
            let accepted = try database.transaction { () throws(StoreError) in
                try batches.map { batch throws(StoreError) in
                    var accepted = 0
                    for event in batch where try store(event) { accepted += 1 }
                    return accepted
                }
            }
            names.commit()
            return zip(batches, accepted).map { Appended(accepted: $1, duplicates: $0.count - $1) }
        } catch {
            names.rollBack()
            throw error
        }
    }

    /// Inserts one event; false when its id is stored already.
    private func store(_ event: Event) throws(StoreError) -> Bool {
        func name(_ text: String?) throws(StoreError) -> Int64? {
            try text.map { text throws(StoreError) in try names.id(of: text) }
        }
        insert.reset()
        try insert.set(1, event.id)
        try insert.set(2, try names.id(of: event.kind.rawValue))
        try insert.set(3, event.createdAtMilliseconds)
        try insert.set(4, event.profileID)
        try insert.set(5, try names.id(of: event.placementID))
        try insert.set(6, try names.id(of: event.variationID))
        try insert.set(7, try name(event.locale))
        try insert.set(8, try name(event.localeResult?.rawValue))
        try insert.set(9, try name(event.requestedLocale))
        try insert.set(10, try name(event.country))
        try insert.set(11, try name(event.platform))
        try insert.set(12, try name(event.appVersion))
        try insert.set(13, try name(event.snapshot))
        try insert.set(14, try name(event.product?.vendorProductID))
        try insert.set(15, event.product?.priceMicros)
        try insert.set(16, try name(event.product?.currency))
        try insert.set(17, try name(event.purchaseResult?.rawValue))
        try insert.set(18, try name(event.action?.kind.rawValue))
        try insert.set(19, event.action?.value)
        try insert.set(20, try name(event.screen?.id))
        try insert.set(21, event.screen?.order)
        try insert.set(22, event.screen?.isLast.map { $0 ? 1 : 0 })
        try insert.set(23, try name(event.failure?.code))
        try insert.set(24, event.failure?.message)
        try insert.run()
        return database.changedRows == 1
    }

    /// Deletes the events created before `milliseconds` (epoch), in transactions of at most `batch` events so
    /// that writers wait for one batch at most; the number deleted.
    public func deleteEvents(createdBefore milliseconds: Int64, batch: Int = 10_000) throws(StoreError) -> Int {
        let delete = try database.prepare("""
            DELETE FROM events WHERE event_id IN (SELECT event_id FROM events WHERE created_at < ?1 LIMIT ?2)
            """)
        var deleted = 0
        while true {
            let count = try database.transaction { () throws(StoreError) in
                try delete.bind(milliseconds, batch)
                try delete.run()
                return database.changedRows
            }
            deleted += count
            if count < batch { return deleted }
        }
    }
}
