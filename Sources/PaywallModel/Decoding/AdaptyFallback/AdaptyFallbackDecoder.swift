/// Reads the vendor's fallback file, formats 8 to 11 (docs/formats.md), into the model: one placement per
/// `data` key, holding the one audience the file was made for; one paywall, onboarding, flow and
/// product per distinct content of an id (`FallbackCatalog`). As for `paywall-export`, every problem is
/// reported at its pointer and an element with a problem is left out.
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
        var warnings: [ValidationIssue] = []
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
                  let placement = decodePlacement(reader, id: member.key, variationDecoder: variationDecoder, catalog: &catalog,
                                                  warnings: &warnings) else { continue }
            placements.append(placement.placement)
            revision = max(revision, placement.revision)
        }
        checkListed(placementIDs, in: meta)
        guard let exportedAt else { return nil }
        return PaywallExport(appID: Self.appID, revision: revision, exportedAt: exportedAt, defaultLocale: "en",
                             format: .adaptyFallback(version: version), segments: [], products: catalog.products.values,
                             paywalls: catalog.paywalls.values, onboardings: catalog.onboardings.values, flows: catalog.flows.values,
                             placements: placements, warnings: warnings)
    }

    private func variationDecoder(_ root: FieldReader, version: Int) -> FallbackVariationDecoder {
        let builderDecoder = PaywallBuilderDecoder(issues: issues, localeProblem: localeProblem)
        let remoteConfigs = RemoteConfigDecoder(issues: issues, localeProblem: localeProblem, jsonLimits: jsonLimits)
        let schemas = SharedViewConfigurations(version < 10 ? JSONObject() : root.objectValue("ui_builder", required: false) ?? JSONObject(),
                                               at: root.at("ui_builder"), decoder: builderDecoder)
        return FallbackVariationDecoder(
            version: version, issues: issues,
            paywalls: PaywallVariationDecoder(issues: issues, products: FallbackProductDecoder(version: version, issues: issues),
                                              remoteConfigs: remoteConfigs, builderDecoder: builderDecoder),
            onboardings: OnboardingVariationDecoder(issues: issues, localeProblem: localeProblem, remoteConfigs: remoteConfigs),
            flows: FlowVariationDecoder(version: version, issues: issues, products: FallbackProductDecoder(version: version, issues: issues),
                                        remoteConfigs: remoteConfigs, schemas: schemas))
    }

    /// `response_created_at`: epoch milliseconds, which the vendor's SDKs require (they compare it with
    /// what they cached).
    private func exportedAt(_ meta: FieldReader) -> String? {
        if let value = meta.value("response_created_at", required: false), !value.isNumber {
            issues.report(meta.at("response_created_at"), "expected epoch milliseconds (an integer), found \(value.kind)")
            return nil
        }
        return meta.integer("response_created_at", in: 0...Self.latestEpochMilliseconds).map(iso8601UTC(epochMilliseconds:))
    }

    private func decodePlacement(_ reader: FieldReader, id: String, variationDecoder: FallbackVariationDecoder,
                                 catalog: inout FallbackCatalog, warnings: inout [ValidationIssue]) -> (placement: Placement, revision: Int)? {
        let placementMeta = reader.reader("meta")?.reader("placement")
        let developerID = placementMeta?.identifier("developer_id")
        if let placementMeta, let developerID, developerID != id {
            issues.report(placementMeta.at("developer_id"), "'\(developerID)' is not the placement id '\(id)'")
        }
        let audienceName = placementMeta?.string("audience_name")
        let versionID = placementMeta?.identifier("placement_audience_version_id")
        let revision = placementMeta?.integer("revision", in: 0...Int(Int32.max))
        // Not kept: the vendor's SDKs require it (it names the A/B test in their analytics), and the
        // file's own placements are written back as they were.
        let abTestName = placementMeta?.string("ab_test_name")
        let elements = reader.array("data")
        let kind = elements.flatMap { placementKind(of: $0, decoder: variationDecoder, meta: placementMeta) }
        // The vendor's Android SDK requires it of onboarding placements.
        let tracksPurchases = placementMeta?.bool("is_tracking_purchases", required: kind == .onboarding)
        let variations = elements.flatMap { decodeVariations($0, at: reader.at("data"), decoder: variationDecoder, catalog: &catalog,
                                                             warnings: &warnings) }
        guard let placementMeta, developerID == id, let audienceName, abTestName != nil,
              tracksPurchases != nil || placementMeta.isAbsent("is_tracking_purchases"),
              let versionID, let revision, let kind, let variations else { return nil }
        if variations.isEmpty {
            warnings.append(ValidationIssue(reader.at("data"), "placement '\(id)' has no variation: it is kept, and resolving it finds nothing"))
        }
        // The file holds the one audience it was made for.
        let audience = Audience(name: audienceName, priority: 0, segmentIDs: [], versionID: versionID, variations: variations)
        return (Placement(id: id, kind: kind, audiences: [audience]), revision)
    }

    /// The one kind of the placement's variations (a mix is reported at the first that differs). With
    /// no variation, the placement meta tells: `is_tracking_purchases` is an onboarding's.
    private func placementKind(of elements: [(pointer: JSONPointer, value: JSONValue)], decoder: FallbackVariationDecoder,
                      meta: FieldReader?) -> PlacementKind? {
        let kinds = elements.compactMap { element in
            FieldReader(element.value, at: element.pointer, issues: IssueCollector(limit: 0)).map { (element.pointer, decoder.kind(of: $0)) }
        }
        guard let first = kinds.first?.1 else {
            if let meta, !meta.isAbsent("is_tracking_purchases") { return .onboarding }
            return decoder.version < 10 ? .paywall : .flow
        }
        if let other = kinds.first(where: { $0.1 != first }) {
            issues.report(other.0, "\(article(other.1)) variation in a placement of \(first.rawValue) variations: a placement shows one kind")
            return nil
        }
        return first
    }

    private func article(_ kind: PlacementKind) -> String {
        kind == .onboarding ? "an onboarding" : "a \(kind.rawValue)"
    }

    /// A placement's variations, each showing its content as the catalog keeps it: weights summing to
    /// 100, variation ids unique; none is allowed (with a warning, by the caller).
    private func decodeVariations(_ elements: [(pointer: JSONPointer, value: JSONValue)], at pointer: JSONPointer, decoder: FallbackVariationDecoder,
                                  catalog: inout FallbackCatalog, warnings: inout [ValidationIssue]) -> [Variation]? {
        let decoded = elements.map { element in FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decoder.decode) }
        guard !decoded.contains(where: { $0 == nil }) else { return nil }
        let variations = decoded.compactMap { $0 }.map { catalog.add($0, warnings: &warnings) }
        guard !variations.isEmpty else { return [] }
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
