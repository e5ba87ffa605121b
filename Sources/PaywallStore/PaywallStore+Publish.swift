import PaywallModel

extension PaywallStore {
    /// Stores `export` as the new current snapshot in one transaction, unless the newest snapshot of
    /// `source` has the same content hash; then nothing is written. The source's validators are
    /// forgotten: they described the data this replaces (a sync records the new ones once it has published). Retention is per source: each keeps
    /// its newest `retention` snapshots (at least the new one), so a busy source never evicts another's.
    /// - Parameters:
    ///   - localeIdentity: says, for a localization key, what resolution will need to know of it (kept
    ///     with the paywall, see `StoredPaywall.localeIdentities`).
    ///   - formattedTexts: prices and periods formatted beforehand, for `formattedTexts(for:keys:in:)`.
    ///   - localeFacts: ICU's answers about the export's locales, for `localeFacts(of:)`.
    ///   Both are worked out only once the content is known to be new: an unchanged re-import costs a lookup.
    public func publish(_ export: PaywallExport, source: String, contentHash: String, importedAt: String,
                        retention: Int = defaultRetention, localeIdentity: ((String) -> String?)? = nil,
                        formattedTexts: @autoclosure () -> [FormattedText] = [],
                        localeFacts: @autoclosure () -> String? = nil) throws(StoreError) -> PublishOutcome {
        if let current = try currentSnapshot(of: source), current.contentHash == contentHash {
            try restoreResolutionImageIfMissing()
            return .unchanged(current)
        }
        let (formattedTexts, localeFacts) = (formattedTexts(), localeFacts())
        return try changingResolution { () throws(StoreError) -> PublishOutcome in
            try insert(export, source: source, contentHash: contentHash, importedAt: importedAt, retention: retention,
                       localeIdentity: localeIdentity, formattedTexts: formattedTexts, localeFacts: localeFacts)
        }
    }

    /// `publish` in one transaction; unchanged when another publish of the same content got there first.
    private func insert(_ export: PaywallExport, source: String, contentHash: String, importedAt: String, retention: Int,
                        localeIdentity: ((String) -> String?)?, formattedTexts: [FormattedText], localeFacts: String?) throws(StoreError) -> PublishOutcome {
        try database.transaction { () throws(StoreError) -> PublishOutcome in
            if let current = try currentSnapshot(of: source), current.contentHash == contentHash {
                return .unchanged(current)
            }
            try registerSource(source)
            try forgetValidators(of: source)
            let insert = try database.prepare("""
                INSERT INTO snapshots (source, format, app_id, revision, exported_at, default_locale, imported_at, content_hash)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """)
            try insert.bind(source, export.format.description, export.appID, export.revision, export.exportedAt,
                            export.defaultLocale, importedAt, contentHash)
            try insert.run()
            let snapshot = SnapshotInfo(id: database.lastInsertedRowID, source: source, format: export.format.description,
                                        appID: export.appID, revision: export.revision, exportedAt: export.exportedAt,
                                        importedAt: importedAt, contentHash: contentHash)
            try insertContents(of: export, snapshotID: snapshot.id, localeIdentity: localeIdentity)
            let text = try database.prepare("INSERT OR IGNORE INTO formatted_texts (snapshot_id, locale, key, text) VALUES (?1, ?2, ?3, ?4)")
            for formatted in formattedTexts {
                try text.bind(snapshot.id, formatted.locale, formatted.key, formatted.text)
                try text.run()
            }
            if let localeFacts {
                let facts = try database.prepare("INSERT INTO locale_facts (snapshot_id, facts) VALUES (?1, ?2)")
                try facts.bind(snapshot.id, localeFacts)
                try facts.run()
            }
            if let document = export.sourceDocument {
                let source = try database.prepare("INSERT INTO source_documents (snapshot_id, body) VALUES (?1, ?2)")
                try source.bind(snapshot.id, document.rendered())
                try source.run()
            }
            let prune = try database.prepare("""
                DELETE FROM snapshots WHERE source = ?1
                AND id NOT IN (SELECT id FROM snapshots WHERE source = ?1 ORDER BY id DESC LIMIT ?2)
                """)
            try prune.bind(source, max(retention, 1))
            try prune.run()
            return .published(snapshot)
        }
    }

    private func insertContents(of export: PaywallExport, snapshotID: Int64, localeIdentity: ((String) -> String?)?) throws(StoreError) {
        let segment = try database.prepare("INSERT INTO segments (snapshot_id, ordinal, body) VALUES (?1, ?2, ?3)")
        for (ordinal, item) in export.segments.enumerated() {
            try segment.bind(snapshotID, ordinal, BinaryBody.encoded(item.stored))
            try segment.run()
        }

        var segmentOrdinals: [String: Int] = [:]
        for (ordinal, item) in export.segments.enumerated() where segmentOrdinals[item.id] == nil {
            segmentOrdinals[item.id] = ordinal
        }
        let placement = try database.prepare(
            "INSERT INTO placements (snapshot_id, ordinal, id, body, segments) VALUES (?1, ?2, ?3, ?4, ?5)")
        for (ordinal, item) in export.placements.enumerated() {
            let referenced = Set(item.audiences.flatMap(\.segmentIDs).compactMap { segmentOrdinals[$0] }).sorted()
            let segments = JSONValue.array(referenced.map { export.segments[$0].stored })
            try placement.bind(snapshotID, ordinal, item.id, BinaryBody.encoded(item.stored), BinaryBody.encoded(segments))
            try placement.run()
        }

        try insertBodies(export.products.map { ($0.key, $0.stored) }, into: "products", snapshotID: snapshotID)
        try insertBodies(export.onboardings.map { ($0.key, $0.stored) }, into: "onboardings", snapshotID: snapshotID)
        try insertBodies(export.flows.map { ($0.key, $0.stored) }, into: "flows", snapshotID: snapshotID)

        let paywall = try database.prepare("INSERT INTO paywalls (snapshot_id, ordinal, id, body) VALUES (?1, ?2, ?3, ?4)")
        let localization = try database.prepare("""
            INSERT INTO localizations (snapshot_id, paywall_ordinal, ordinal, paywall_id, locale, body)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        for (paywallOrdinal, item) in export.paywalls.enumerated() {
            try paywall.bind(snapshotID, paywallOrdinal, item.key, BinaryBody.encoded(StoredPaywall(item, localeIdentity: localeIdentity).stored))
            try paywall.run()
            for (ordinal, contents) in item.localizations.enumerated() {
                try localization.bind(snapshotID, paywallOrdinal, ordinal, item.key, contents.locale, BinaryBody.encoded(contents.stored))
                try localization.run()
            }
        }
    }

    /// One row per element of a table keyed by (snapshot, id, ordinal), in export order.
    private func insertBodies(_ elements: [(id: String, body: JSONValue)], into table: String, snapshotID: Int64) throws(StoreError) {
        let insert = try database.prepare("INSERT INTO \(table) (snapshot_id, ordinal, id, body) VALUES (?1, ?2, ?3, ?4)")
        for (ordinal, element) in elements.enumerated() {
            try insert.bind(snapshotID, ordinal, element.id, BinaryBody.encoded(element.body))
            try insert.run()
        }
    }
}
