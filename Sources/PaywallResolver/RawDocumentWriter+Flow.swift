import PaywallModel

extension RawDocumentWriter {
    /// A flow variation as the file for `locale` carries it (`FlowInLocale`): its raw `remote_configs`
    /// entries reordered, its `ui_builder` schemas whose default changes put in `schemas`, and its
    /// layouts as the target version names them: format 10 knows one schema per flow, under its
    /// `flow_version_id` (the first layout's), format 11 a `ui_schema` of layouts and grids (a
    /// format-10 flow's one schema shown on every device).
    func flowVariation(_ fields: JSONObject, flow: Flow, locale: String, schemas: inout SchemaWriting) -> JSONObject {
        let inLocale = FlowInLocale(flow, locale: locale, policy: content.policy)
        var fields = fields
        for (key, layout) in schemaKeys(of: flow) where !schemas.has(key) {
            guard let raw = schemas.source[layout.id]?.objectValue else { continue }
            if let rewritten = inLocale.rewrittenLayouts[layout.id] {
                schemas.set(key, to: uiSchema(raw, layout: layout, rewritten: rewritten))
            } else if !schemas.sameKeys {
                schemas.set(key, to: .object(raw))
            }
        }
        if content.version < 11 {
            fields = fields.removing("ui_schema")
        } else if sourceVersion < 11, let versionID = flow.versionID, !flow.layouts.isEmpty {
            fields = fields.replacing("ui_schema", with: .object(JSONObject([
                "layouts": .array([.object(JSONObject(["flow_layout_id": .string(versionID)]))]),
                "grids": FallbackJSON.singleLayoutGrids,
            ])))
        }
        // The importer reads `remote_configs` whole and in order: the raw entries are the flow's, one to one.
        if inLocale.reordersRemoteConfigs, let entries = fields["remote_configs"]?.arrayValue, entries.count == flow.remoteConfigs.count {
            fields = fields.replacing("remote_configs", with: .array(inLocale.remoteConfigOrder.map { entries[$0] }))
        }
        return fields
    }

    /// The flow's layouts under their `ui_builder` keys in the target version: each layout's own id,
    /// but in format 10 written from format 11, where the first layout's schema goes under the flow's
    /// `flow_version_id` (the others are left out, `FallbackContent.warnings`).
    private func schemaKeys(of flow: Flow) -> [(key: String, layout: FlowLayout)] {
        guard content.version < 11, sourceVersion == 11 else { return flow.layouts.map { ($0.id, $0) } }
        guard let versionID = flow.versionID, let first = flow.layouts.first else { return [] }
        return [(versionID, first)]
    }

    /// The raw UI schema with its `default_localization` at the rewritten localization, whose strings
    /// and assets are the merged ones; every other key and localization as it was.
    private func uiSchema(_ raw: JSONObject, layout: FlowLayout, rewritten: FlowInLocale.RewrittenLayout) -> JSONValue {
        let rawLocalizations = raw["localizations"]?.arrayValue ?? []
        let rawObjects = rawLocalizations.compactMap(\.objectValue)
        let own = layout.localizations.first { $0.locale == rewritten.locale }
        let localizations = rawLocalizations.map { value -> JSONValue in
            guard var localization = value.objectValue, localization["id"] == .string(rewritten.locale) else { return value }
            localization = localization.replacing("strings", with: Self.strings(rewritten.content, rawLocalizations: rawObjects))
            if rewritten.content.assets != own?.assets {
                localization = localization.replacing("assets", with: FallbackJSON.assetList(rewritten.content.assets))
            }
            return .object(localization)
        }
        return .object(raw.replacing("default_localization", with: .string(rewritten.locale))
            .replacing("localizations", with: .array(localizations)))
    }
}
