import Glibc

/// Immutable snapshots of exports in one SQLite database, `<directory>/paywalls.sqlite`, in WAL mode.
///
/// The current snapshot is the newest one published: the largest id. Ids only grow (AUTOINCREMENT) and
/// retention never deletes a source's newest snapshot, so no separate pointer is needed.
public final class PaywallStore {
    public static let defaultRetention = 10
    /// How long a write waits for another writer (an import, a sync) before failing as locked.
    public static let defaultBusyTimeout: Duration = .seconds(2)
    public static let schemaVersion = Schema.latestVersion

    let database: Database
    /// The store's directory, with a trailing slash.
    let directory: String
    let busyTimeout: Duration

    private init(database: Database, directory: String, busyTimeout: Duration) {
        self.database = database
        self.directory = directory
        self.busyTimeout = busyTimeout
    }

    /// Opens the store in `directory`, creating both (the directory with mode 0700) when `create` is
    /// true, and brings its schema up to date. Writes wait up to `busyTimeout` for another writer.
    public static func open(at directory: String, create: Bool, busyTimeout: Duration = defaultBusyTimeout) throws(StoreError) -> PaywallStore {
        let slashed = directory.hasSuffix("/") ? directory : directory + "/"
        let path = slashed + "paywalls.sqlite"
        if create {
            try createDirectory(directory)
        } else if access(path, F_OK) != 0 {
            guard errno == ENOENT || errno == ENOTDIR else {
                throw StoreError(kind: .io, message: "cannot open the store at \(path): \(String(cString: strerror(errno)))")
            }
            throw StoreError(kind: .missing, message: "no store at \(directory) (run `paywalls import FILE` first)")
        }
        let database = try Database(path: path, create: create, busyTimeout: busyTimeout)
        try Schema.migrate(database)
        return PaywallStore(database: database, directory: slashed, busyTimeout: busyTimeout)
    }

    /// Creates the directory and any missing parents, like `mkdir -p -m 0700`.
    private static func createDirectory(_ directory: String) throws(StoreError) {
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += "\(component)/"
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw StoreError(kind: .io, message: "cannot create the store directory \(prefix): \(String(cString: strerror(errno)))")
            }
        }
    }
}
