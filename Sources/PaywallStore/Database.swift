import CSQLite
import Glibc

/// One SQLite connection, configured for the store: WAL (readers see only committed snapshots while
/// a writer works), a busy timeout, foreign keys on, and `synchronous=NORMAL`, which in WAL mode
/// can lose the last commits on power loss but never leaves the database inconsistent. The WAL and
/// its index stay beside the database when the last connection closes (emptied), so that the next
/// command, a cold `resolve` say, does not create them again.
package final class Database {
    package enum TransactionMode: String {
        /// Takes the write lock at once, so a concurrent writer fails early rather than mid-transaction.
        case immediate = "IMMEDIATE"
        /// Reads one consistent state across several statements.
        case deferred = "DEFERRED"
    }

    package let path: String
    private let handle: OpaquePointer

    /// - Parameters:
    ///   - busyTimeout: how long a write waits for another connection's write lock before failing.
    ///   - incrementalVacuum: a new file gives back to the file system the pages its deletions free, as
    ///     `PRAGMA incremental_vacuum` asks (`auto_vacuum = INCREMENTAL`, which only a file without tables takes).
    ///   - isConfined: the connection is used by one thread at a time (a serial queue's), so SQLite need not lock it
    ///     around every call.
    package init(path: String, create: Bool, busyTimeout: Duration = PaywallStore.defaultBusyTimeout,
                 incrementalVacuum: Bool = false, isConfined: Bool = false) throws(StoreError) {
        _ = Self.memoryStatisticsOff
        if create { try Self.createPrivately(path) }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | (isConfined ? SQLITE_OPEN_NOMUTEX : 0)
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw Self.error(code: code, reason: reason, path: path)
        }
        self.path = path
        self.handle = handle
        var persistent: Int32 = 1
        sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persistent)
        // A reader that closes last would checkpoint the WAL: work for the writers (import, sync), which
        // checkpoint as they commit, not for a cold `resolve` on its way out.
        if !create { csqlite_skip_checkpoint_on_close(handle) }
        let (seconds, attoseconds) = busyTimeout.components
        sqlite3_busy_timeout(handle, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        // Before WAL: switching to WAL writes the file's first page, after which the setting no longer takes. Only on an
        // empty file: on another, setting it would wait for the write lock, and change nothing.
        if incrementalVacuum, try prepare("PRAGMA page_count").rows({ $0.integer(at: 0) }) == [0] {
            try execute("PRAGMA auto_vacuum = INCREMENTAL")
        }
        let journalMode = try prepare("PRAGMA journal_mode = WAL")
        guard try journalMode.step(), journalMode.text(at: 0).lowercased() == "wal" else {
            throw StoreError(kind: .io, message: "cannot switch the store at \(path) to WAL journal mode")
        }
        // A large publish grows the WAL file; the limit truncates it again after the next checkpoint.
        try execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 67108864")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// SQLite's counts of the memory it holds, turned off before the first connection opens: keeping them takes a lock
    /// around every allocation, shared by the whole process, and nothing reads them.
    private static let memoryStatisticsOff: Void = { _ = csqlite_disable_memory_statistics() }()

    /// Creates the database file, unless it exists, readable by its owner only whatever the umask: the stores hold
    /// profile ids and revenue. SQLite gives the `-wal` and `-shm` files it creates the database file's mode. When the
    /// file cannot be created, SQLite's own attempt says why.
    private static func createPrivately(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw StoreError(kind: .io, message: "cannot make the store at \(path) private: \(String(cString: strerror(errno)))")
        }
    }

    /// Runs SQL without results, possibly several statements.
    package func execute(_ sql: String) throws(StoreError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code: code) }
    }

    package func prepare(_ sql: String) throws(StoreError) -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code: code) }
        return Statement(handle: statement, database: self)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    package func transaction<Result>(_ mode: TransactionMode = .immediate,
                             _ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try execute("BEGIN \(mode.rawValue)")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // SQLite rolls some failures back by itself; a second ROLLBACK would fail.
            if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows the last INSERT, UPDATE or DELETE changed (0 for an insert that met its conflict and did nothing).
    package var changedRows: Int { Int(sqlite3_changes64(handle)) }

    /// The error for a failed call on this connection, with SQLite's message.
    package func error(code: Int32) -> StoreError {
        var reason = String(cString: sqlite3_errmsg(handle))
        // A write past a file-size limit fails with EFBIG, which SQLite reports as a bare "disk I/O error"
        // (its errno is gone by now): name the limit, the likely cause.
        var limit = rlimit()
        if code & 0xFF == SQLITE_IOERR, getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
            reason += " (files are limited to \(limit.rlim_cur) bytes here: ulimit -f)"
        }
        return Self.error(code: code, reason: reason, path: path)
    }

    private static func error(code: Int32, reason: String, path: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            let writer = StoreWriter.describe(databasePath: path).map { " (\($0))" } ?? ""
            return StoreError(kind: .locked, message: "another writer\(writer) holds the store at \(path) (\(reason))")
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return StoreError(kind: .corrupt, message: "the store at \(path) is damaged: \(reason)")
        default:
            return StoreError(kind: .io, message: "cannot use the store at \(path): \(reason)")
        }
    }
}
