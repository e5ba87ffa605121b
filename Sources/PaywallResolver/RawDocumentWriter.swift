import PaywallModel

/// Writes a file of a `FallbackFileSet` from the vendor document the export was imported from, in any
/// format version: every key of the document is kept as it is, but for what the target version writes
/// otherwise (`+Conversion`) and what the file's locale changes, per kind:
/// - paywall variations (formats 8 and 9, `+Paywall`): the remote config and the one Paywall Builder
///   localization merged along the locale's chain, unless the variation already carries the
///   localization the locale resolves to;
/// - onboarding variations: nothing, since the vendor's web builder localizes them from the app's
///   `Accept-Language`;
/// - flow variations (formats 10 and 11, `+Flow`): the order of `remote_configs`, and the
///   `default_localization` and merged strings of their `ui_builder` schemas (`FlowInLocale`).
/// Placements of a kind the target version does not hold are left out. So a file in the document's
/// own version, for its own locale (for flows, their default locale), is the document.
struct RawDocumentWriter {
    let content: FallbackContent
    let root: JSONObject
    /// The document's own format version.
    let sourceVersion: Int

    func document(locale: String) -> JSONValue {
        let keys = content.contentKeys
        var schemas = SchemaWriting(source: root["ui_builder"]?.objectValue ?? JSONObject(), sameKeys: sameSchemaKeys)
        var written: [String] = []
        var data = JSONObject()
        for placement in root["data"]?.objectValue?.members ?? [] {
            guard let variationKeys = keys[placement.key] else { continue }
            written.append(placement.key)
            guard case let .object(fields) = placement.value, case let .array(variations)? = fields["data"] else {
                data.append(placement.key, placement.value)
                continue
            }
            let converted = variations.map { variation in
                self.variation(variation, keys: variationKeys, locale: locale, schemas: &schemas)
            }
            data.append(placement.key, .object(fields.replacing("data", with: .array(converted))))
        }
        var result = JSONObject()
        for member in root.members {
            switch member.key {
            case "data": result.append("data", .object(data))
            case "meta": result.append("meta", meta(member.value, placements: written))
            case "ui_builder": if content.version >= 10 { result.append("ui_builder", .object(schemas.written)) }
            default: result.append(member.key, member.value)
            }
        }
        return .object(result)
    }

    /// Whether the target version keys `ui_builder` as the document does: format 11 keys a schema by
    /// its layout, format 10 by its flow's version, and a format-10 flow's one layout is named by that.
    private var sameSchemaKeys: Bool {
        content.version == sourceVersion || (sourceVersion == 10 && content.version == 11)
    }

    /// The document's `meta` in the target version, listing the placements written.
    private func meta(_ value: JSONValue, placements: [String]) -> JSONValue {
        guard case var .object(meta) = value else { return value }
        meta = meta.replacing("version", with: .number(String(content.version)))
        if meta["developer_ids"] != nil { meta = meta.replacing("developer_ids", with: .array(placements.map(JSONValue.string))) }
        return .object(meta)
    }

    /// A variation of the kind its keys say, as the importer tells them apart, for the target version.
    private func variation(_ value: JSONValue, keys: [String: String], locale: String, schemas: inout SchemaWriting) -> JSONValue {
        guard case let .object(fields) = value, fields["onboarding_id"] == nil, case let .string(variationID)? = fields["variation_id"],
              let key = keys[variationID] else { return value }
        if sourceVersion < 10 {
            return content.paywalls[key].map { .object(paywallVariation(fields, paywall: $0, locale: locale)) } ?? value
        }
        return content.flows[key].map { .object(flowVariation(fields, flow: $0, locale: locale, schemas: &schemas)) } ?? value
    }

    /// Merged strings as a vendor `strings` list, each the raw entry of the localization it came from
    /// (with its `fallback` and any other key) when that entry says the same.
    static func strings(_ merged: LocalizedContent, rawLocalizations: [JSONObject]) -> JSONValue {
        .array(merged.strings.members.map { member in
            if let source = merged.stringLocales[member.key],
               let entries = rawLocalizations.first(where: { $0["id"] == source })?["strings"]?.arrayValue,
               let entry = entries.compactMap(\.objectValue).last(where: { $0["id"] == .string(member.key) }),
               entry["value"] == member.value {
                return .object(entry)
            }
            return .object(JSONObject(["id": .string(member.key), "value": member.value]))
        })
    }
}

/// The `ui_builder` a file is written with: the document's schemas, each replaced where a flow of the
/// file rewrites it for the locale, and keyed as the target version keys them. The first variation
/// to name a schema decides it.
struct SchemaWriting {
    let source: JSONObject
    /// Whether the target keys schemas as the document does; if not (format 11 written as 10), only
    /// the schemas the file's flows name are written, under their new keys.
    let sameKeys: Bool
    private var rewritten: [String: JSONValue] = [:]
    private var added = JSONObject()

    init(source: JSONObject, sameKeys: Bool) {
        self.source = source
        self.sameKeys = sameKeys
    }

    /// Whether `key` of the target has its schema yet.
    func has(_ key: String) -> Bool {
        sameKeys ? rewritten[key] != nil : added[key] != nil
    }

    mutating func set(_ key: String, to schema: JSONValue) {
        if sameKeys { rewritten[key] = schema } else { added.append(key, schema) }
    }

    var written: JSONObject {
        guard sameKeys else { return added }
        var schemas = JSONObject()
        for member in source.members {
            schemas.append(member.key, rewritten[member.key] ?? member.value)
        }
        return schemas
    }
}
