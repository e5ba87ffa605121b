/// Reads the vendor's fallback file, formats 8 to 11 (SPEC §4.2), into the model: one placement per
/// `data` key, holding the one audience the file was made for; one paywall per distinct `paywall_id`;
/// one product per distinct product id. As for `paywall-export`, every problem is reported at its
/// pointer and an element with a problem is left out.
struct AdaptyFallbackDecoder {
    private static let supportedVersions = 8...11
    /// The vendor's files name no app: exports read from them say this instead.
    private static let appID = "adapty-fallback"
    /// 9999-12-31T23:59:59.999Z.
    private static let latestEpochMilliseconds = 253_402_300_799_999

    let issues: IssueCollector
    let localeProblem: (String) -> String?
    let jsonLimits: JSONParser.Limits

    /// Throws at once when `/meta/version` is missing or unsupported: what the rest means depends on it.
    func decode(_ root: FieldReader) throws(InvalidExport) -> PaywallExport? {
        guard let meta = root.reader("meta"), let version = meta.integer("version", in: Int.min...Int.max) else {
            throw InvalidExport(issues: issues.issues, truncated: issues.truncated)
        }
        guard Self.supportedVersions.contains(version) else {
            let supported = "\(Self.supportedVersions.lowerBound) to \(Self.supportedVersions.upperBound)"
            let issue = ValidationIssue(meta.at("version"), "unsupported fallback format version \(version) (this build reads \(supported))")
            throw InvalidExport(issues: [issue], truncated: false)
        }
        let exportedAt = exportedAt(meta)
        guard let data = root.reader("data") else { return nil }
        let variationDecoder = variationDecoder(root, version: version)
        var catalog = FallbackCatalog()
        var placements: [Placement] = []
        var revision = 0
        var placementIDs: [String] = []
        var seen: Set<String> = []
        for member in data.object.members {
            if let problem = FieldReader.identifierProblem(member.key) {
                // Said at /data, escaped and cut short: a pointer to the key would print it raw.
                let shown = member.key.count > 64 ? member.key.prefix(64) + "…" : member.key
                issues.report(data.pointer, "placement id \(JSONValue.string(shown).rendered()): \(problem)")
                continue
            }
            guard seen.insert(member.key).inserted else {
                issues.report(data.pointer, "duplicate placement id '\(member.key)'")
                continue
            }
            placementIDs.append(member.key)
            guard let reader = FieldReader(member.value, at: data.at(member.key), issues: issues),
                  let placement = decodePlacement(reader, id: member.key, variationDecoder: variationDecoder, catalog: &catalog) else { continue }
            placements.append(placement.placement)
            revision = max(revision, placement.revision)
        }
        checkListed(placementIDs, in: meta)
        guard let exportedAt else { return nil }
        return PaywallExport(appID: Self.appID, revision: revision, exportedAt: exportedAt, defaultLocale: "en",
                             format: .adaptyFallback(version: version), segments: [], products: catalog.products.map(\.value),
                             paywalls: catalog.paywalls.map(\.value), placements: placements)
    }

    private func variationDecoder(_ root: FieldReader, version: Int) -> FallbackVariationDecoder {
        let builderDecoder = PaywallBuilderDecoder(issues: issues, localeProblem: localeProblem)
        let shared = version < 10 ? nil : SharedViewConfigurations(root.objectValue("ui_builder", required: false) ?? JSONObject(),
                                                                   at: root.at("ui_builder"), decoder: builderDecoder)
        return FallbackVariationDecoder(version: version, issues: issues, localeProblem: localeProblem, jsonLimits: jsonLimits,
                                        builderDecoder: builderDecoder, sharedConfigurations: shared)
    }

    /// `response_created_at` is epoch milliseconds in the vendor's files; an ISO 8601 text is taken as
    /// it is.
    private func exportedAt(_ meta: FieldReader) -> String? {
        switch meta.value("response_created_at") {
        case nil:
            return nil
        case .number?:
            return meta.integer("response_created_at", in: 0...Self.latestEpochMilliseconds).map(iso8601UTC(epochMilliseconds:))
        case let .string(text)? where isTimestamp(text):
            return text
        default:
            issues.report(meta.at("response_created_at"), "expected epoch milliseconds or an ISO 8601 date and time such as 2026-11-29T12:00:00Z")
            return nil
        }
    }

    private func decodePlacement(_ reader: FieldReader, id: String, variationDecoder: FallbackVariationDecoder,
                                 catalog: inout FallbackCatalog) -> (placement: Placement, revision: Int)? {
        let placementMeta = reader.reader("meta")?.reader("placement")
        let developerID = placementMeta?.identifier("developer_id")
        if let placementMeta, let developerID, developerID != id {
            issues.report(placementMeta.at("developer_id"), "'\(developerID)' is not the placement id '\(id)'")
        }
        let audienceName = placementMeta?.string("audience_name", required: false)
        let versionID = placementMeta?.identifier("placement_audience_version_id")
        let revision = placementMeta?.integer("revision", in: 0...Int(Int32.max))
        let variations = variations(reader, decoder: variationDecoder, catalog: &catalog)
        guard let placementMeta, developerID == id, audienceName != nil || placementMeta.isAbsent("audience_name"),
              let versionID, let revision, let variations else { return nil }
        // The file holds the one audience it was made for, "All Users" unless it says otherwise.
        let audience = Audience(name: audienceName ?? "All Users", priority: 0, segmentIDs: [], versionID: versionID, variations: variations)
        return (Placement(id: id, audiences: [audience]), revision)
    }

    /// A placement's variations: at least one, weights summing to 100, variation ids unique.
    private func variations(_ reader: FieldReader, decoder: FallbackVariationDecoder, catalog: inout FallbackCatalog) -> [Variation]? {
        guard let elements = reader.array("data") else { return nil }
        let decoded = elements.map { element in FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decoder.decode) }
        for variation in decoded.compactMap({ $0 }) {
            catalog.add(variation, issues: issues)
        }
        guard !decoded.contains(where: { $0 == nil }) else { return nil }
        let variations = decoded.compactMap { $0?.variation }
        let pointer = reader.at("data")
        if variations.isEmpty {
            issues.report(pointer, "a placement needs at least one variation")
            return nil
        }
        var valid = true
        if variations.map(\.weight).reduce(0, +) != 100 {
            issues.report(pointer, "weights must sum to 100, not \(variations.map { String($0.weight) }.joined(separator: " + "))")
            valid = false
        }
        var variationIDs: Set<String> = []
        for (index, variation) in variations.enumerated() where !variationIDs.insert(variation.variationID).inserted {
            issues.report(pointer.appending(index).appending("variation_id"), "duplicate variation id '\(variation.variationID)' in this placement")
            valid = false
        }
        return valid ? variations : nil
    }

    /// `/meta/developer_ids`, when given, lists exactly the placements in `/data`.
    private func checkListed(_ placementIDs: [String], in meta: FieldReader) {
        guard let listed = meta.array("developer_ids", required: false) else { return }
        let present = Set(placementIDs)
        var listedIDs: Set<String> = []
        for element in listed {
            guard case let .string(id) = element.value else {
                issues.report(element.pointer, "expected a string, found \(element.value.kind)")
                continue
            }
            if let problem = FieldReader.identifierProblem(id) {
                issues.report(element.pointer, problem)
            } else if !present.contains(id) {
                issues.report(element.pointer, "no placement '\(id)' in /data")
            }
            listedIDs.insert(id)
        }
        for id in placementIDs where !listedIDs.contains(id) {
            issues.report(meta.at("developer_ids"), "placement '\(id)' is not listed")
        }
    }
}
