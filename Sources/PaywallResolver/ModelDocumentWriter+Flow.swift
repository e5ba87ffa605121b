import PaywallModel

extension ModelDocumentWriter {
    /// A flow variation (formats 10 and 11) as the file for `locale` carries it (`FlowInLocale`): every
    /// language, the locale's remote config first and its localizations the layouts' defaults. The
    /// flow's UI schemas go into `schemas`, the top-level `ui_builder`, under the flow's
    /// `flow_version_id` in format 10 and each layout's `flow_layout_id` in format 11; a schema already
    /// there (another variation of the same flow) is kept.
    func flowVariation(_ variation: Variation, flow: Flow, locale: String, schemas: inout JSONObject) -> JSONValue {
        let inLocale = FlowInLocale(flow, locale: locale, policy: content.policy)
        var object = JSONObject()
        object.append("variation_id", .string(variation.variationID))
        object.append("weight", .number(String(variation.weight)))
        object.append("cross_placement_info", .null)
        object.append("flow_id", .string(flow.id))
        object.append("flow_name", .string(flow.name))
        if let versionID = flow.versionID { object.append("flow_version_id", .string(versionID)) }
        if content.version >= 11, let name = variation.name { object.append("variation_name", .string(name)) }
        object.append("remote_configs", .array(inLocale.remoteConfigOrder.map { index in
            FallbackJSON.remoteConfig(locale: flow.remoteConfigs[index].locale, document: flow.remoteConfigs[index].document)
        }))
        object.append("variations", .array(flow.paywalls.map { paywall in
            .object(JSONObject([
                "variation_id": .string(paywall.variationID),
                "paywall_id": .string(paywall.paywallID),
                "paywall_name": .string(paywall.paywallName),
                "web_purchase_url": .optional(paywall.webPurchaseURL),
                "products": FallbackJSON.products(paywall.productKeys, from: content.products, version: content.version),
            ]))
        }))
        for (key, layout) in schemaLayouts(of: flow) where schemas[key] == nil {
            schemas.append(key, uiSchema(layout, rewritten: inLocale.rewrittenLayouts[layout.id]))
        }
        if content.version >= 11, !flow.layouts.isEmpty {
            object.append("ui_schema", .object(JSONObject([
                "layouts": .array(flow.layouts.map { .object(JSONObject(["flow_layout_id": .string($0.id)])) }),
                "grids": flow.grids ?? FallbackJSON.singleLayoutGrids,
            ])))
        }
        return .object(object)
    }

    /// The flow's layouts under their `ui_builder` keys. Format 10 holds one UI schema per flow, keyed
    /// by its `flow_version_id`: the first layout's (`FallbackContent.warnings` names the others).
    private func schemaLayouts(of flow: Flow) -> [(key: String, layout: FlowLayout)] {
        guard content.version < 11 else { return flow.layouts.map { ($0.id, $0) } }
        guard let versionID = flow.versionID, let first = flow.layouts.first else { return [] }
        return [(versionID, first)]
    }

    /// A layout's UI schema: its localizations, the rewritten one's strings and assets merged. The
    /// model keeps no screens (a vendor file's flow is written from its document): the schema the
    /// vendor's SDKs accept with none, of the format of their flow schemas.
    private func uiSchema(_ layout: FlowLayout, rewritten: FlowInLocale.RewrittenLayout?) -> JSONValue {
        var schema = JSONObject()
        schema.append("format", .string("5.0.0"))
        schema.append("screens", .object(JSONObject()))
        if let defaultLocale = rewritten?.locale ?? layout.defaultLocale { schema.append("default_localization", .string(defaultLocale)) }
        schema.append("localizations", .array(layout.localizations.map { localization in
            let merged = rewritten.flatMap { $0.locale == localization.locale ? $0.content : nil }
            return FallbackJSON.localization(locale: localization.locale, strings: merged?.strings ?? localization.strings,
                                             assets: merged?.assets ?? localization.assets, isRightToLeft: localization.isRightToLeft)
        }))
        return .object(schema)
    }
}
