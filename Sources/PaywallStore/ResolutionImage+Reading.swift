import PaywallModel

extension ResolutionImage {
    /// What `snapshot`, one of the image's `snapshots`, holds, read from the image.
    public func reader(of snapshot: SnapshotInfo) throws(StoreError) -> ImageSnapshotReader {
        guard let index = snapshots.firstIndex(of: snapshot) else {
            throw StoreError(kind: .missing, message: "snapshot \(snapshot.key) is not in the resolution image \(path)")
        }
        return ImageSnapshotReader(image: self, snapshot: snapshot, index: index)
    }
}

/// One snapshot read from the resolution image: each read is one probe of its table per id.
public struct ImageSnapshotReader: SnapshotReader {
    let image: ResolutionImage
    public let snapshot: SnapshotInfo
    /// The snapshot's position in the image, which its keys start with.
    let index: Int

    public func placementIDs() throws(StoreError) -> [String] {
        try body(.placementIDs, "the placement ids") { (value) throws(StorageDecodingError) in
            try value.storedElements().map { (element) throws(StorageDecodingError) in
                guard case let .string(id) = element else { throw StorageDecodingError(reason: "a placement id is not a string") }
                return id
            }
        } ?? []
    }

    public func placement(_ id: String) throws(StoreError) -> StoredPlacement? {
        guard let placement = try body(.placement, "placement '\(id)'", keyed: id, decode: Placement.init(stored:)) else { return nil }
        let segments = try body(.segments, "the segments of placement '\(id)'", keyed: id) { (value) throws(StorageDecodingError) in
            try value.storedElements().map(Segment.init(stored:))
        }
        return StoredPlacement(placement: placement, segments: segments ?? [])
    }

    public func paywall(_ key: String) throws(StoreError) -> StoredPaywall? {
        try body(.paywall, "paywall '\(key)'", keyed: key, decode: StoredPaywall.init(stored:))
    }

    public func onboarding(_ key: String) throws(StoreError) -> Onboarding? {
        try body(.onboarding, "onboarding '\(key)'", keyed: key, decode: Onboarding.init(stored:))
    }

    public func flow(_ key: String) throws(StoreError) -> Flow? {
        try body(.flow, "flow '\(key)'", keyed: key, decode: Flow.init(stored:))
    }

    public func localizations(ofPaywall id: String, locales: [String]) throws(StoreError) -> [Localization] {
        var found: [Localization] = []
        for locale in locales {
            let localization = try body(.localization, "localization '\(locale)' of paywall '\(id)'", keyed: id, locale) {
                (value) throws(StorageDecodingError) in try Localization(locale: locale, stored: value)
            }
            if let localization { found.append(localization) }
        }
        return found
    }

    public func products(_ ids: [String]) throws(StoreError) -> [Product] {
        var found: [Product] = []
        for id in ids {
            if let product = try body(.product, "product '\(id)'", keyed: id, decode: Product.init(stored:)) { found.append(product) }
        }
        return found
    }

    public func formattedTexts(for locale: String, keys: [String]) throws(StoreError) -> [String: String] {
        var found: [String: String] = [:]
        for key in keys where found[key] == nil {
            if let text = try self.text(.formattedText, keyed: locale, key) { found[key] = text }
        }
        return found
    }

    public func localeFacts() throws(StoreError) -> String? {
        try text(.localeFacts)
    }

    private func body<Value>(_ kind: ResolutionImageLayout.Kind, _ part: String, keyed components: String...,
                             decode: (JSONValue) throws(StorageDecodingError) -> Value) throws(StoreError) -> Value? {
        guard let bytes = try image.value(ResolutionImageLayout.key(snapshot: index, kind, components)) else { return nil }
        return try decodedBody(part, of: snapshot, in: "the resolution image \(image.path)", advice: ResolutionImage.repairAdvice) {
            () throws(StorageDecodingError) in try decode(.stored(bytes))
        }
    }

    private func text(_ kind: ResolutionImageLayout.Kind, keyed components: String...) throws(StoreError) -> String? {
        try image.value(ResolutionImageLayout.key(snapshot: index, kind, components)).map { String(decoding: $0, as: UTF8.self) }
    }
}
