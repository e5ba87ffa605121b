/// Reads the paywall of a paywall variation (formats 8 and 9). The paywall's localizations merge, per
/// locale, its remote config with the Paywall Builder's localizations.
struct PaywallVariationDecoder {
    let issues: IssueCollector
    let products: FallbackProductDecoder
    let remoteConfigs: RemoteConfigDecoder
    let builderDecoder: PaywallBuilderDecoder

    func decode(_ reader: FieldReader) -> (paywall: Located<Paywall>, products: [Located<Product>])? {
        let paywallID = reader.identifier("paywall_id")
        let name = reader.string("paywall_name")
        let products = products.decodeList(reader)
        let remoteConfig = reader.optionalObject("remote_config", remoteConfigs.decode)
        let builder = reader.optionalObject("paywall_builder", builderContent)
        let webPurchaseURL = reader.optional("web_purchase_url", reader.url)
        guard let paywallID, let name, let products, remoteConfig.valid, builder.valid, webPurchaseURL.valid,
              let localizations = merge(remoteConfig.value, builder.value) else { return nil }
        let paywall = Paywall(id: paywallID, name: name, productKeys: products.map(\.value.id),
                              defaultLocale: localizations.defaultLocale, localizations: localizations.merged, view: builder.value?.view)
        return (Located(pointer: reader.pointer, value: paywall), products)
    }

    /// The configuration inline in `paywall_builder_config`. `lang` names the localization the SDKs
    /// show (the one whose `id` it is, else the default): it is required, but the model reads the
    /// localizations themselves.
    private func builderContent(_ reader: FieldReader) -> PaywallBuilderContent? {
        let id = reader.identifier("paywall_builder_id")
        let lang = reader.string("lang")
        let content = reader.reader("paywall_builder_config").flatMap { builderDecoder.decode($0, as: .paywallBuilder) }
        return id == nil || lang == nil ? nil : content
    }

    /// The remote config first, then builder localizations, one entry per locale as spelled; and the
    /// default locale: the builder's `default_localization`, else the remote config's locale, else
    /// `en` if there is an `en` localization, else the first localization's. A paywall with no
    /// localization at all gets an empty `en` one: as in every export, its default locale has one.
    private func merge(_ remoteConfig: RemoteConfig?, _ builder: PaywallBuilderContent?) -> (merged: [Localization], defaultLocale: String)? {
        var merged = remoteConfig.map { [Localization(locale: $0.locale, remoteConfig: $0.document, strings: JSONObject(), assets: JSONObject(),
                                                      isRightToLeft: nil)] } ?? []
        for localization in builder?.localizations ?? [] {
            if let index = merged.firstIndex(where: { $0.locale == localization.locale }) {
                merged[index].strings = localization.strings
                merged[index].assets = localization.assets
                merged[index].isRightToLeft = localization.isRightToLeft
            } else {
                merged.append(localization)
            }
        }
        if let stated = builder?.defaultLocale, !merged.contains(where: { $0.locale == stated.value }) {
            issues.report(stated.pointer, "the default locale '\(stated.value)' has no localization")
            return nil
        }
        let defaultLocale = builder?.defaultLocale?.value ?? remoteConfig?.locale
            ?? (merged.contains { $0.locale == "en" } ? "en" : merged.first?.locale ?? "en")
        if merged.isEmpty {
            merged.append(Localization(locale: defaultLocale, remoteConfig: nil, strings: JSONObject(), assets: JSONObject(), isRightToLeft: nil))
        }
        return (merged, defaultLocale)
    }
}
