import PaywallModel

// `SnapshotReader` answered from the image: each read is one probe of its table per id.
extension ResolutionImage {
    public func placementIDs(in snapshot: SnapshotInfo) throws(StoreError) -> [String] {
        try body(.placementIDs, "the placement ids", of: snapshot) { (value) throws(StorageDecodingError) in
            try value.storedElements().map { (element) throws(StorageDecodingError) in
                guard case let .string(id) = element else { throw StorageDecodingError(reason: "a placement id is not a string") }
                return id
            }
        } ?? []
    }

    public func placement(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> StoredPlacement? {
        guard let placement = try body(.placement, "placement '\(id)'", of: snapshot, keyed: id, decode: Placement.init(stored:)) else { return nil }
        let segments = try body(.segments, "the segments of placement '\(id)'", of: snapshot, keyed: id) { (value) throws(StorageDecodingError) in
            try value.storedElements().map(Segment.init(stored:))
        }
        return StoredPlacement(placement: placement, segments: segments ?? [])
    }

    public func paywall(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> StoredPaywall? {
        try body(.paywall, "paywall '\(id)'", of: snapshot, keyed: id, decode: StoredPaywall.init(stored:))
    }

    public func onboarding(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> Onboarding? {
        try body(.onboarding, "onboarding '\(id)'", of: snapshot, keyed: id, decode: Onboarding.init(stored:))
    }

    public func flow(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> Flow? {
        try body(.flow, "flow '\(id)'", of: snapshot, keyed: id, decode: Flow.init(stored:))
    }

    public func localizations(ofPaywall id: String, locales: [String], in snapshot: SnapshotInfo) throws(StoreError) -> [Localization] {
        var found: [Localization] = []
        for locale in locales {
            let localization = try body(.localization, "localization '\(locale)' of paywall '\(id)'", of: snapshot, keyed: id, locale) {
                (value) throws(StorageDecodingError) in try Localization(locale: locale, stored: value)
            }
            if let localization { found.append(localization) }
        }
        return found
    }

    public func products(_ ids: [String], in snapshot: SnapshotInfo) throws(StoreError) -> [Product] {
        var found: [Product] = []
        for id in ids {
            if let product = try body(.product, "product '\(id)'", of: snapshot, keyed: id, decode: Product.init(stored:)) { found.append(product) }
        }
        return found
    }

    public func formattedTexts(for locale: String, keys: [String], in snapshot: SnapshotInfo) throws(StoreError) -> [String: String] {
        var found: [String: String] = [:]
        for key in keys where found[key] == nil {
            if let text = try self.text(.formattedText, of: snapshot, keyed: locale, key) { found[key] = text }
        }
        return found
    }

    public func localeFacts(of snapshot: SnapshotInfo) throws(StoreError) -> String? {
        try text(.localeFacts, of: snapshot)
    }

    private func body<Value>(_ kind: ResolutionImageLayout.Kind, _ part: String, of snapshot: SnapshotInfo, keyed components: String...,
                             decode: (JSONValue) throws(StorageDecodingError) -> Value) throws(StoreError) -> Value? {
        guard let bytes = try value(key(kind, of: snapshot, components)) else { return nil }
        return try decodedBody(part, of: snapshot, in: "the resolution image \(path)", advice: Self.repairAdvice) { () throws(StorageDecodingError) in
            try decode(.stored(bytes))
        }
    }

    private func text(_ kind: ResolutionImageLayout.Kind, of snapshot: SnapshotInfo, keyed components: String...) throws(StoreError) -> String? {
        try value(key(kind, of: snapshot, components)).map { String(decoding: $0, as: UTF8.self) }
    }

    private func key(_ kind: ResolutionImageLayout.Kind, of snapshot: SnapshotInfo, _ components: [String]) throws(StoreError) -> [UInt8] {
        guard let index = snapshots.firstIndex(of: snapshot) else {
            throw StoreError(kind: .missing, message: "snapshot \(snapshot.key) is not in the resolution image \(path)")
        }
        return ResolutionImageLayout.key(snapshot: index, kind, components)
    }
}
