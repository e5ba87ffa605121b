/// The store's schema as an ordered list of migrations: `migrations[n]` takes `user_version` from n to
/// n + 1, so version 1 is the first schema. Append steps; never edit a released one.
enum Schema {
    static let migrations = [version1, version2, version3, version4, version5, version6]

    static var latestVersion: Int { migrations.count }

    /// Brings the database to the latest version, one transaction per step, or refuses a newer one.
    static func migrate(_ database: Database) throws(StoreError) {
        let found = try userVersion(of: database)
        if found < 0 {
            throw StoreError(kind: .corrupt, message: "the store at \(database.path) is damaged: schema version \(found)")
        }
        if found > latestVersion {
            throw StoreError(kind: .newerSchema(found: found, supported: latestVersion),
                             message: "the store at \(database.path) has schema version \(found), newer than the "
                                 + "\(latestVersion) this paywalls supports (upgrade paywalls)")
        }
        for step in found..<latestVersion {
            try database.transaction { () throws(StoreError) in
                // Another process opening the store at the same time may have applied this step.
                guard try userVersion(of: database) == step else { return }
                try database.execute(migrations[step])
                try database.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }

    private static func userVersion(of database: Database) throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA user_version")
        _ = try statement.step()
        return Int(statement.integer(at: 0))
    }

    /// Snapshots and, per snapshot, what resolution reads. Each lookup is one descent of a unique index
    /// that starts with (snapshot_id, id), then a fetch of the row; the trailing `ordinal` keeps export
    /// order for rebuilding a snapshot and lets a model built in code repeat an id (the first one wins).
    /// Tables with JSON bodies keep rowids: bodies of a kilobyte or more would overflow the pages of a
    /// WITHOUT ROWID b-tree and more than double the file.
    private static let version1 = """
        CREATE TABLE snapshots (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            source TEXT NOT NULL,
            format TEXT NOT NULL,
            app_id TEXT NOT NULL,
            revision INTEGER NOT NULL,
            exported_at TEXT NOT NULL,
            default_locale TEXT NOT NULL,
            imported_at TEXT NOT NULL,
            content_hash TEXT NOT NULL
        );
        CREATE INDEX snapshots_by_source ON snapshots (source, id);

        CREATE TABLE segments (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (snapshot_id, ordinal)
        ) WITHOUT ROWID;

        CREATE TABLE placements (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            body TEXT NOT NULL,
            segments TEXT NOT NULL
        );
        CREATE UNIQUE INDEX placements_by_id ON placements (snapshot_id, id, ordinal);

        CREATE TABLE products (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            body TEXT NOT NULL
        );
        CREATE UNIQUE INDEX products_by_id ON products (snapshot_id, id, ordinal);

        CREATE TABLE paywalls (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            body TEXT NOT NULL
        );
        CREATE UNIQUE INDEX paywalls_by_id ON paywalls (snapshot_id, id, ordinal);

        CREATE TABLE localizations (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
            paywall_id TEXT NOT NULL,
            locale TEXT NOT NULL,
            paywall_ordinal INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            body TEXT NOT NULL
        );
        CREATE UNIQUE INDEX localizations_by_locale ON localizations (snapshot_id, paywall_id, locale, paywall_ordinal, ordinal);
        """

    /// The vendor fallback file a snapshot was imported from, whole, for writing it back with the keys
    /// the model does not keep (none for a paywall-export).
    private static let version2 = """
        CREATE TABLE source_documents (
            snapshot_id INTEGER PRIMARY KEY REFERENCES snapshots (id) ON DELETE CASCADE,
            body TEXT NOT NULL
        );
        """

    /// Each source's place in the answer order (config order for sync, arrival order otherwise) and
    /// what its last sync saw: the validators of the last good download, for conditional requests, and
    /// the outcome of the last attempt. Existing sources are ordered by their first snapshot.
    private static let version3 = """
        CREATE TABLE sources (
            name TEXT PRIMARY KEY,
            position INTEGER NOT NULL,
            entity_tag TEXT,
            last_modified TEXT,
            checked_at TEXT,
            succeeded_at TEXT,
            outcome TEXT,
            message TEXT
        );
        INSERT INTO sources (name, position) SELECT source, MIN(id) FROM snapshots GROUP BY source;
        """

    /// Onboardings and flows (docs/formats.md), what the variations of placements of those kinds show. A
    /// placement's stored body says its kind; one stored before this version shows paywalls. And per
    /// source the SHA-256 of its last good download's bytes, beside its validators.
    private static let version4 = """
        CREATE TABLE onboardings (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            body TEXT NOT NULL
        );
        CREATE UNIQUE INDEX onboardings_by_id ON onboardings (snapshot_id, id, ordinal);

        CREATE TABLE flows (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            body TEXT NOT NULL
        );
        CREATE UNIQUE INDEX flows_by_id ON flows (snapshot_id, id, ordinal);

        ALTER TABLE sources ADD COLUMN body_sha256 TEXT;
        """

    /// What a cold `resolve` would otherwise ask ICU, kept at import: prices and subscription periods
    /// formatted for the locales the export names (loading ICU's number formatting costs about a
    /// millisecond, a sixth of a whole `paywalls --version`), keyed by the formatting locale's
    /// canonical tag and a key that says what is formatted (`ProductFormatter.priceKey`, `periodKey`);
    /// and ICU's answers about those locales (`LocaleFacts`: loading its locale data costs half a
    /// millisecond more). Snapshots published before have neither, and resolve as before.
    private static let version5 = """
        CREATE TABLE formatted_texts (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
            locale TEXT NOT NULL,
            key TEXT NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (snapshot_id, locale, key)
        ) WITHOUT ROWID;

        CREATE TABLE locale_facts (
            snapshot_id INTEGER PRIMARY KEY REFERENCES snapshots (id) ON DELETE CASCADE,
            facts TEXT NOT NULL
        );
        """

    /// Where a source's last sync took its export from, as the sync names it (a URL, or an app of the
    /// vendor's dashboard with its platform and SDK version), for `status`.
    private static let version6 = """
        ALTER TABLE sources ADD COLUMN origin TEXT;
        """
}
