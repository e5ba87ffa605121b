import PaywallModel

/// Writes a file of a `FallbackFileSet` from the model: the vendor's frame around each placement's
/// default-audience variations, each written as its kind is (`+Paywall`, `+Onboarding`, `+Flow`), and
/// from format 10 the top-level `ui_builder` holding the flows' UI schemas. Keys the model does not
/// keep are not written.
struct ModelDocumentWriter {
    let content: FallbackContent

    func document(locale: String) -> JSONValue {
        var data = JSONObject()
        var schemas = JSONObject()
        for (placement, audience) in content.placements {
            let variations = audience.variations.compactMap { variation -> JSONValue? in
                switch placement.kind {
                case .paywall:
                    return content.paywalls[variation.contentKey].map { paywallVariation(variation, paywall: $0, locale: locale) }
                case .onboarding:
                    return content.onboardings[variation.contentKey].map { onboardingVariation(variation, onboarding: $0) }
                case .flow:
                    return content.flows[variation.contentKey].map { flowVariation(variation, flow: $0, locale: locale, schemas: &schemas) }
                }
            }
            data.append(placement.id, .object(JSONObject([
                "data": .array(variations),
                "meta": .object(JSONObject(["placement": placementMeta(placement, audience: audience)])),
            ])))
        }
        var root = JSONObject()
        root.append("data", .object(data))
        root.append("meta", .object(JSONObject([
            "version": .number(String(content.version)),
            // Epoch milliseconds, which the vendor's SDKs require; 0 (older than anything they cached)
            // for a time before 1970.
            "response_created_at": .number(String(epochMilliseconds(iso8601: content.exportedAt) ?? 0)),
            "developer_ids": .array(data.keys.map(JSONValue.string)),
        ])))
        if content.version >= 10 { root.append("ui_builder", .object(schemas)) }
        return .object(root)
    }

    private func placementMeta(_ placement: Placement, audience: Audience) -> JSONValue {
        var meta = JSONObject()
        meta.append("developer_id", .string(placement.id))
        // The vendor's Android SDK refuses an onboarding placement without it; the vendor writes true.
        if placement.kind == .onboarding { meta.append("is_tracking_purchases", .bool(true)) }
        meta.append("audience_name", .string(audience.name))
        meta.append("placement_audience_version_id", .string(audience.versionID))
        meta.append("revision", .number(String(content.revision)))
        // The vendor's SDKs require it; the model names no A/B test, and "" is the vendor's own "none".
        meta.append("ab_test_name", .string(""))
        return .object(meta)
    }
}
