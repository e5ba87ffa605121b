import PaywallStore

/// One profile exposed at a placement: its first exposure, and what followed.
private struct ExposedProfile: Sendable {
    let createdAt: Int64
    var variation: String
    /// The query's `groupBy` value at the first exposure.
    var group: String?
    var snapshot: String?
    var exposedToSeveral = false
    var converted = false
    var revenueMicros: [String: Int128] = [:]
}

extension SQLiteEventStore {
    /// Two scans of the events, the `shown` ones and the purchases, joined and summed here. The names and both scans are
    /// read in one transaction, of one state of the file: read apart, an event committed after the names were read
    /// would have a variation they lack.
    public func conversionTallies(_ query: ReportQuery) throws(StoreError) -> ConversionTallies {
        var tallies = ConversionTallies()
        let placements = try database.transaction(.deferred) { () throws(StoreError) in try exposuresAndConversions(query) }
        for (placementID, profiles) in placements {
            for profile in profiles.values {
                let key = ConversionTallies.Key(placementID: placementID, group: profile.group, variationID: profile.variation)
                tallies.sums[key, default: .init()].add(profile)
                if let snapshot = profile.snapshot { tallies.snapshots[placementID, default: [:]][snapshot, default: 0] += 1 }
            }
        }
        return tallies
    }

    /// Every exposed profile of each placement the query covers, with its conversions.
    /// - Returns: per placement id, per profile.
    private func exposuresAndConversions(_ query: ReportQuery) throws(StoreError) -> [String: [String: ExposedProfile]] {
        let names = try database.prepare("SELECT id, text FROM names").rows { ($0.integer(at: 0), $0.text(at: 1)) }
        let text = Dictionary(names, uniquingKeysWith: { first, _ in first })
        let id = Dictionary(names.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        guard let shown = id[Event.Kind.shown.rawValue] else { return [:] }
        let placement = query.placementID.map { id[$0] ?? -1 }
        let window = "(?2 IS NULL OR placement = ?2) AND (?3 IS NULL OR created_at >= ?3) AND (?4 IS NULL OR created_at < ?4)"

        var placements: [Int64: [String: ExposedProfile]] = [:]
        let exposures = try database.prepare("""
            SELECT placement, profile, created_at, variation, \(query.groupBy?.column ?? "NULL"), snapshot FROM events
            WHERE type = ?1 AND \(window)
            """)
        try exposures.bind(shown, placement, query.since, query.until)
        while try exposures.step() {
            let variation = text[exposures.integer(at: 3)] ?? ""
            let first = ExposedProfile(createdAt: exposures.integer(at: 2), variation: variation, group: exposures.optionalName(at: 4, in: text),
                                       snapshot: exposures.optionalName(at: 5, in: text))
            placements[exposures.integer(at: 0), default: [:]][exposures.text(at: 1), default: first].see(first)
        }

        if let finished = id[Event.Kind.purchaseFinished.rawValue], let purchased = id[Event.PurchaseResult.purchased.rawValue] {
            let purchases = try database.prepare("""
                SELECT placement, profile, created_at, price_micros, currency FROM events
                WHERE type = ?1 AND \(window) AND purchase_result = ?5
                """)
            try purchases.bind(finished, placement, query.since, query.until, purchased)
            while try purchases.step() {
                let placementID = purchases.integer(at: 0), profile = purchases.text(at: 1)
                guard let exposure = placements[placementID]?[profile], purchases.integer(at: 2) >= exposure.createdAt else { continue }
                placements[placementID]![profile]!.converted = true
                if let currency = purchases.optionalName(at: 4, in: text), !purchases.isNull(at: 3) {
                    placements[placementID]![profile]!.revenueMicros[currency, default: 0] += Int128(purchases.integer(at: 3))
                }
            }
        }
        return Dictionary(placements.map { (text[$0.key] ?? "", $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}

private extension ConversionTallies.Sums {
    mutating func add(_ profile: ExposedProfile) {
        exposures += 1
        if profile.converted { conversions += 1 }
        if profile.exposedToSeveral { multipleExposures += 1 }
        revenueMicros.merge(profile.revenueMicros, uniquingKeysWith: +)
    }
}

private extension ExposedProfile {
    /// Takes another exposure of the same profile at the same placement: the earlier one is the first.
    mutating func see(_ other: ExposedProfile) {
        if other.variation != variation { exposedToSeveral = true }
        if other.createdAt < createdAt {
            let several = exposedToSeveral
            self = other
            exposedToSeveral = several
        }
    }
}

private extension Statement {
    func optionalName(at column: Int32, in names: [Int64: String]) -> String? {
        isNull(at: column) ? nil : names[integer(at: column)]
    }
}
