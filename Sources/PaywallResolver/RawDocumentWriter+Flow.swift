import PaywallModel

extension RawDocumentWriter {
    /// A flow variation as the file for `locale` carries it (`FlowInLocale`), or nil to keep it as it
    /// is: its raw `remote_configs` entries reordered, and its `ui_builder` schemas whose default
    /// changes put in `rewrittenSchemas` (the first variation to name a schema decides it).
    func flowVariation(_ fields: JSONObject, locale: String, schemas: JSONObject, rewrittenSchemas: inout [String: JSONValue]) -> JSONObject? {
        guard case let .string(flowID)? = fields["flow_id"], let flow = content.flows[flowID] else { return nil }
        let inLocale = FlowInLocale(flow, locale: locale, policy: content.policy)
        for layout in flow.layouts where rewrittenSchemas[layout.id] == nil {
            guard let rewritten = inLocale.rewrittenLayouts[layout.id], let schema = schemas[layout.id]?.objectValue else { continue }
            rewrittenSchemas[layout.id] = uiSchema(schema, layout: layout, rewritten: rewritten)
        }
        // The importer reads `remote_configs` whole and in order: the raw entries are the flow's, one to one.
        guard inLocale.reordersRemoteConfigs, let entries = fields["remote_configs"]?.arrayValue,
              entries.count == flow.remoteConfigs.count else { return nil }
        return fields.replacing("remote_configs", with: .array(inLocale.remoteConfigOrder.map { entries[$0] }))
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
