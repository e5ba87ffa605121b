// What import keeps beside the model so that a cold `resolve` need not ask ICU (see `Schema.version5`).

extension StoreSnapshotReader {
    public func formattedTexts(for locale: String, keys: [String]) throws(StoreError) -> [String: String] {
        let statement = try store.database.prepare("SELECT text FROM formatted_texts WHERE snapshot_id = ?1 AND locale = ?2 AND key = ?3")
        var found: [String: String] = [:]
        for key in keys where found[key] == nil {
            try statement.bind(snapshot.id, locale, key)
            if try statement.step() { found[key] = statement.text(at: 0) }
        }
        return found
    }

    public func localeFacts() throws(StoreError) -> String? {
        let statement = try store.database.prepare("SELECT facts FROM locale_facts WHERE snapshot_id = ?1")
        try statement.bind(snapshot.id)
        return try statement.step() ? statement.text(at: 0) : nil
    }
}
