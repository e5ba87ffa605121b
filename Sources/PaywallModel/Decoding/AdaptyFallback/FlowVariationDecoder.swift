/// Reads the flow of a flow variation (formats 10 and 11): its remote configs in every language, the
/// paywalls it shows, and its UI schemas from the top-level `ui_builder`, keyed by the flow's
/// `flow_version_id` in format 10 and by each `ui_schema` layout's `flow_layout_id` in format 11.
struct FlowVariationDecoder {
    let version: Int
    let issues: IssueCollector
    let products: FallbackProductDecoder
    let remoteConfigs: RemoteConfigDecoder
    let schemas: SharedViewConfigurations

    func decode(_ reader: FieldReader) -> (flow: Located<Flow>, products: [Located<Product>], variationName: String?)? {
        let id = reader.identifier("flow_id")
        let name = reader.string("flow_name")
        let versionID = reader.identifier("flow_version_id", required: version >= 11 && !reader.isAbsent("ui_schema"))
        let variationName = reader.string("variation_name", required: false)
        let remoteConfigs = remoteConfigs.decodeList(reader, "remote_configs")
        let paywalls = paywalls(reader)
        let layouts = layouts(reader, versionID: versionID)
        guard let id, let name, versionID != nil || reader.isAbsent("flow_version_id"),
              variationName != nil || reader.isAbsent("variation_name"), let remoteConfigs, let paywalls, let layouts else { return nil }
        let flow = Flow(id: id, name: name, versionID: versionID, remoteConfigs: remoteConfigs, paywalls: paywalls.map(\.paywall),
                        layouts: layouts.layouts, grids: layouts.grids)
        return (Located(pointer: reader.pointer, value: flow), paywalls.flatMap(\.products), variationName)
    }

    /// `variations`: the paywalls the flow shows, each with its products.
    private func paywalls(_ reader: FieldReader) -> [(paywall: FlowPaywall, products: [Located<Product>])]? {
        guard let elements = reader.array("variations") else { return nil }
        let paywalls = elements.map { element in FieldReader(element.value, at: element.pointer, issues: issues).flatMap(paywall) }
        return paywalls.contains { $0 == nil } ? nil : paywalls.compactMap { $0 }
    }

    private func paywall(_ reader: FieldReader) -> (paywall: FlowPaywall, products: [Located<Product>])? {
        let variationID = reader.identifier("variation_id")
        let paywallID = reader.identifier("paywall_id")
        let name = reader.string("paywall_name")
        let webPurchaseURL = reader.url("web_purchase_url", required: false)
        let products = products.decodeList(reader)
        guard let variationID, let paywallID, let name, webPurchaseURL != nil || reader.isAbsent("web_purchase_url"), let products else { return nil }
        return (FlowPaywall(variationID: variationID, paywallID: paywallID, paywallName: name, webPurchaseURL: webPurchaseURL,
                            productKeys: products.map(\.value.id)), products)
    }

    /// The flow's UI schemas and grids: in format 10 the `ui_builder` entry of its `flow_version_id`, if
    /// it names one; in format 11 one per `ui_schema` layout, if it has a `ui_schema`.
    private func layouts(_ reader: FieldReader, versionID: String?) -> (layouts: [FlowLayout], grids: JSONValue?)? {
        guard version >= 11 else {
            guard let versionID else { return ([], nil) }
            return ([layout(id: versionID, referencedAt: reader.at("flow_version_id"))], nil)
        }
        guard !reader.isAbsent("ui_schema") else { return ([], nil) }
        guard let schema = reader.reader("ui_schema"), let elements = schema.array("layouts"), let grids = schema.array("grids") else { return nil }
        // The SDK loads a UI schema without layouts or grids, and has nothing to show with it.
        if elements.isEmpty { issues.warn(schema.at("layouts"), "a UI schema without layouts: the vendor's SDK shows nothing of it") }
        if grids.isEmpty { issues.warn(schema.at("grids"), "a UI schema without grids: the vendor's SDK shows nothing of it") }
        let layouts = elements.map { element -> FlowLayout? in
            guard let entry = FieldReader(element.value, at: element.pointer, issues: issues),
                  let id = entry.identifier("flow_layout_id") else { return nil }
            return layout(id: id, referencedAt: entry.at("flow_layout_id"))
        }
        let gridsValid = grids.map { element in
            FieldReader(element.value, at: element.pointer, issues: issues).map { GridCheck(issues: issues, layoutCount: elements.count).check($0) } ?? false
        }
        guard !layouts.contains(where: { $0 == nil }), !gridsValid.contains(false) else { return nil }
        return (layouts.compactMap { $0 }, .array(grids.map(\.value)))
    }

    /// The `ui_builder` entry named `id`, without strings when the SDK could not show it (warned), and without a
    /// default when its `default_localization` is none of its localizations (warned: the SDK would not show it either).
    private func layout(id: String, referencedAt reference: JSONPointer) -> FlowLayout {
        guard let content = schemas.content(for: id, referencedAt: reference) else { return FlowLayout(id: id, defaultLocale: nil, localizations: []) }
        if let stated = content.defaultLocale, !content.localizations.contains(where: { $0.locale == stated.value }) {
            issues.warn(stated.pointer, "the default locale '\(stated.value)' has no localization (the vendor's SDK would not show this layout)")
            return FlowLayout(id: id, defaultLocale: nil, localizations: content.localizations)
        }
        return FlowLayout(id: id, defaultLocale: content.defaultLocale?.value, localizations: content.localizations)
    }
}
