import Glibc
import PaywallModel

// Keeps `<store>/resolution.image` in step with what resolution reads: the current snapshots and their
// answer order. Every change to those runs in `changingResolution`, under the store's resolution lock:
// the image is removed (durably) before the change commits, and written anew after, so that a crash at
// any point leaves either no image (resolution reads SQLite) or one of the committed state.
extension PaywallStore {
    private var imagePath: String { directory + ResolutionImageLayout.fileName }

    /// Runs `change`, a transaction that changes the current snapshots or their order, and rewrites the
    /// image after it, whether it committed or failed. Its commit is made durable before the new image
    /// appears (`synchronous=FULL`), so that not even a power cut can leave an image newer than the database.
    func changingResolution<Result>(_ change: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        let lock = try resolutionLock()
        defer { withExtendedLifetime(lock) {} }
        try removeResolutionImage()
        defer { writeResolutionImage() }
        try database.execute("PRAGMA synchronous = FULL")
        defer { try? database.execute("PRAGMA synchronous = NORMAL") }
        return try change()
    }

    /// Writes the image when the store has none (a store from before images, or a crash mid-change).
    func restoreResolutionImageIfMissing() throws(StoreError) {
        guard access(imagePath, F_OK) != 0 else { return }
        let lock = try resolutionLock()
        defer { withExtendedLifetime(lock) {} }
        if access(imagePath, F_OK) != 0 { writeResolutionImage() }
    }

    private func resolutionLock() throws(StoreError) -> FileLock {
        do {
            return try FileLock.acquire(directory + ResolutionImageLayout.lockFileName, wait: busyTimeout)
        } catch {
            switch error {
            case let .held(holder):
                throw StoreError(kind: .locked, message: "another writer\(holder.map { " (pid \($0))" } ?? "") holds the store at \(database.path) "
                                     + "(its resolution lock, \(directory + ResolutionImageLayout.lockFileName))")
            case let .io(reason):
                throw StoreError(kind: .io, message: "cannot take the store's resolution lock: \(reason)")
            }
        }
    }

    private func removeResolutionImage() throws(StoreError) {
        if unlink(imagePath) != 0 {
            guard errno == ENOENT else {
                throw StoreError(kind: .io, message: "cannot remove the resolution image \(imagePath): \(String(cString: strerror(errno)))")
            }
            return
        }
        try syncDirectory()
    }

    /// The image of the committed state, put in place by a rename. It only spares resolution SQLite, so a
    /// failure to write it (a full disk) leaves no image and fails nothing. One name for the temporary
    /// file: under the lock, one left there is a killed writer's, removed here.
    private func writeResolutionImage() {
        let temporary = imagePath + ".tmp"
        unlink(temporary)
        do {
            var writer = try ResolutionImageWriter(path: temporary)
            defer { writer.close() }
            try reading { () throws(StoreError) in
                let snapshots = try currentSnapshots()
                for (index, snapshot) in snapshots.enumerated() { try addContents(of: snapshot, at: index, to: &writer) }
                try writer.finish(snapshots: snapshots)
            }
            guard rename(temporary, imagePath) == 0 else { throw StoreError(kind: .io, message: "rename") }
            try syncDirectory()
        } catch {
            unlink(temporary)
        }
    }

    private func addContents(of snapshot: SnapshotInfo, at index: Int, to writer: inout ResolutionImageWriter) throws(StoreError) {
        typealias Kind = ResolutionImageLayout.Kind
        let key = { (kind: Kind, components: [String]) in ResolutionImageLayout.key(snapshot: index, kind, components) }
        let placements = try database.prepare("SELECT id, body, segments FROM placements WHERE snapshot_id = ?1 ORDER BY ordinal")
        try placements.bind(snapshot.id)
        var placementIDs: [JSONValue] = []
        while try placements.step() {
            let id = placements.text(at: 0)
            placementIDs.append(.string(id))
            try writer.add(key(.placement, [id]), placements.bytes(at: 1))
            try writer.add(key(.segments, [id]), placements.bytes(at: 2))
        }
        try writer.add(key(.placementIDs, []), BinaryBody.encoded(.array(placementIDs)))

        for (table, kind) in [("paywalls", Kind.paywall), ("products", .product), ("onboardings", .onboarding), ("flows", .flow)] {
            let rows = try database.prepare("SELECT id, body FROM \(table) WHERE snapshot_id = ?1 ORDER BY ordinal")
            try rows.bind(snapshot.id)
            while try rows.step() { try writer.add(key(kind, [rows.text(at: 0)]), rows.bytes(at: 1)) }
        }
        let localizations = try database.prepare("""
            SELECT paywall_id, locale, body FROM localizations WHERE snapshot_id = ?1 ORDER BY paywall_ordinal, ordinal
            """)
        try localizations.bind(snapshot.id)
        while try localizations.step() {
            try writer.add(key(.localization, [localizations.text(at: 0), localizations.text(at: 1)]), localizations.bytes(at: 2))
        }
        let texts = try database.prepare("SELECT locale, key, text FROM formatted_texts WHERE snapshot_id = ?1")
        try texts.bind(snapshot.id)
        while try texts.step() { try writer.add(key(.formattedText, [texts.text(at: 0), texts.text(at: 1)]), texts.bytes(at: 2)) }
        if let facts = try reader(of: snapshot).localeFacts() { try writer.add(key(.localeFacts, []), facts.utf8) }
    }

    private func syncDirectory() throws(StoreError) {
        let descriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw StoreError(kind: .io, message: "cannot sync the store directory \(directory): \(reason)")
        }
        close(descriptor)
    }
}
