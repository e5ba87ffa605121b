import Glibc
import PaywallStore

/// The events of one store directory, in `events.sqlite` beside the snapshots: WAL, and `synchronous=FULL`,
/// so that once `append` returns its events survive a crash or a power cut. The exposure state is kept in the
/// transaction that stores the events (`SQLiteExposureLedger`).
public final class SQLiteEventStore: EventStore {
    public static let fileName = "events.sqlite"

    package let database: Database
    private let insert: Statement
    let names: NameTable
    let exposures: SQLiteExposureLedger

    private init(database: Database) throws(StoreError) {
        self.database = database
        let placeholders = (1...EventColumns.all.count).map { "?\($0)" }.joined(separator: ", ")
        insert = try database.prepare("INSERT INTO events (\(EventColumns.list)) VALUES (\(placeholders)) ON CONFLICT (event_id) DO NOTHING")
        names = try NameTable(database)
        exposures = try SQLiteExposureLedger(database: database, names: names)
    }

    /// Opens `events.sqlite` in the store directory `directory`, creating it (not the directory) when missing
    /// and `create` says so.
    public static func open(inStore directory: String, create: Bool = true) throws(StoreError) -> SQLiteEventStore {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + fileName
        var status = stat()
        if stat(directory, &status) != 0 || status.st_mode & S_IFMT != S_IFDIR {
            throw StoreError(kind: .missing, message: "no store directory at \(directory) for \(fileName)")
        }
        if !create, access(path, F_OK) != 0 {
            throw StoreError(kind: .missing, message: "no events at \(path) (send them to POST /v1/events, or `paywalls events ingest FILE`)")
        }
        // A store is used on one queue at a time: the writer's, the reports', a command's.
        let database = try Database(path: path, create: create, incrementalVacuum: true, isConfined: true)
        // Every commit reaches the disk before the events are acknowledged. A statement that adds many rows of sums keeps
        // what undoes it in memory, not in a temporary file written at every commit.
        try database.execute("PRAGMA synchronous = FULL; PRAGMA temp_store = MEMORY")
        try SQLiteEventSchema.prepare(database, create: create)
        return try SQLiteEventStore(database: database)
    }

    public func append(batches: [[Event]]) throws(StoreError) -> [AppendedEvents] {
        do {
            let accepted = try database.transaction { () throws(StoreError) in
                try names.beginTransaction()
                // Only the events a state is made of are kept for it: each copy of an event retains its every string.
                var stored: [Event] = []
                let accepted = try batches.map { batch throws(StoreError) in
                    var accepted = 0
                    for event in batch where try store(event) {
                        accepted += 1
                        if ExposureState.concerns(event) { stored.append(event) }
                    }
                    return accepted
                }
                try exposures.update(with: stored)
                try names.storeUses()
                return accepted
            }
            names.commit()
            return zip(batches, accepted).map { AppendedEvents(accepted: $1, duplicates: $0.count - $1) }
        } catch {
            names.rollBack()
            throw error
        }
    }

    /// Inserts one event, counting the uses of its names; false when its id is stored already.
    private func store(_ event: Event) throws(StoreError) -> Bool {
        insert.reset()
        // The ids of the event's names, counted as used once it is stored. A local array: each change to a property of
        // the store would have its exclusive access checked as the program runs.
        var eventNames: [Int64] = []
        eventNames.reserveCapacity(EventColumns.names.count)
        for (index, column) in EventColumns.all.enumerated() {
            let position = Int32(index + 1)
            switch column.value(event) {
            case let .name(text):
                let id = try text.map { text throws(StoreError) in try names.id(of: text) }
                if let id { eventNames.append(id) }
                try insert.set(position, id)
            case let .text(text): try insert.set(position, text)
            case let .integer(number): try insert.set(position, number)
            }
        }
        try insert.run()
        guard database.changedRows == 1 else { return false }
        names.use(eventNames)
        return true
    }

    /// SQLite's `data_version`, which moves when another connection commits to the file (this one only reads it).
    public func changeMark() throws(StoreError) -> String? {
        let version = try database.prepare("PRAGMA data_version")
        return try version.step() ? String(version.integer(at: 0)) : nil
    }
}
