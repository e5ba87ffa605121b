import PaywallModel

/// Writes a file of a `FallbackFileSet` from the vendor document the export was imported from, in
/// that document's own format version: every key is kept as it is, and only what the file's locale
/// changes is replaced, per kind:
/// - paywall variations (formats 8 and 9, `+Paywall`): the remote config and the one Paywall Builder
///   localization merged along the locale's chain, unless the variation already carries the
///   localization the locale resolves to;
/// - onboarding variations: nothing, since the vendor's web builder localizes them from the app's
///   `Accept-Language`;
/// - flow variations (formats 10 and 11, `+Flow`): the order of `remote_configs`, and the
///   `default_localization` and merged strings of their `ui_builder` schemas (`FlowInLocale`).
/// So the file for the document's own locale (for flows, their default locale) is the document.
struct RawDocumentWriter {
    let content: FallbackContent
    let root: JSONObject

    func document(locale: String) -> JSONValue {
        let schemas = root["ui_builder"]?.objectValue ?? JSONObject()
        var rewrittenSchemas: [String: JSONValue] = [:]
        var result = JSONObject()
        for member in root.members {
            guard member.key == "data", case let .object(placements) = member.value else {
                result.append(member.key, member.value)
                continue
            }
            var data = JSONObject()
            for placement in placements.members {
                guard case let .object(fields) = placement.value, case let .array(variations)? = fields["data"] else {
                    data.append(placement.key, placement.value)
                    continue
                }
                let written = variations.map { variation in
                    self.variation(variation, locale: locale, schemas: schemas, rewrittenSchemas: &rewrittenSchemas)
                }
                data.append(placement.key, .object(fields.replacing("data", with: .array(written))))
            }
            result.append(member.key, .object(data))
        }
        guard !rewrittenSchemas.isEmpty else { return .object(result) }
        var written = JSONObject()
        for member in schemas.members {
            written.append(member.key, rewrittenSchemas[member.key] ?? member.value)
        }
        return .object(result.replacing("ui_builder", with: .object(written)))
    }

    /// A variation of the kind its keys say, as the importer tells them apart.
    private func variation(_ value: JSONValue, locale: String, schemas: JSONObject, rewrittenSchemas: inout [String: JSONValue]) -> JSONValue {
        guard case let .object(fields) = value, fields["onboarding_id"] == nil else { return value }
        if content.version < 10 {
            return paywallVariation(fields, locale: locale).map(JSONValue.object) ?? value
        }
        return flowVariation(fields, locale: locale, schemas: schemas, rewrittenSchemas: &rewrittenSchemas).map(JSONValue.object) ?? value
    }

    /// Merged strings as a vendor `strings` list, each the raw entry of the localization it came from
    /// (with its `fallback` and any other key) when that entry says the same.
    static func strings(_ merged: LocalizedContent, rawLocalizations: [JSONObject]) -> JSONValue {
        .array(merged.strings.members.map { member in
            if let source = merged.stringLocales[member.key],
               let entries = rawLocalizations.first(where: { $0["id"] == source })?["strings"]?.arrayValue,
               let entry = entries.compactMap(\.objectValue).first(where: { $0["id"] == .string(member.key) }),
               entry["value"] == member.value {
                return .object(entry)
            }
            return .object(JSONObject(["id": .string(member.key), "value": member.value]))
        })
    }
}
