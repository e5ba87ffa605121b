/// A flow (formats 10 and 11, docs/formats.md): screens laid out by UI schemas, the paywalls they show, and
/// a remote config in every language. Unlike a paywall, a flow carries all its languages at once.
public struct Flow: Sendable, Hashable {
    public var id: String
    /// What variations refer to it by, unique in the export: its id, unless a vendor file's variations
    /// carry different content under one id, each then kept under a key of its own (`FallbackCatalog`).
    public var key: String
    public var name: String
    /// `flow_version_id`: what names the flow's one UI schema in format 10.
    public var versionID: String?
    /// One per language, in export order.
    public var remoteConfigs: [RemoteConfig]
    /// The paywalls the flow's screens show (not an A/B draw), in export order.
    public var paywalls: [FlowPaywall]
    /// The flow's UI schemas: one per `ui_schema` layout (format 11), or the one `ui_builder` entry of
    /// its `flow_version_id` (format 10).
    public var layouts: [FlowLayout]
    /// `ui_schema.grids` as the file has them (which layout a screen size gets); nil in format 10.
    public var grids: JSONValue?

    public init(id: String, name: String, versionID: String?, remoteConfigs: [RemoteConfig], paywalls: [FlowPaywall],
                layouts: [FlowLayout], grids: JSONValue?, key: String? = nil) {
        self.id = id
        self.key = key ?? id
        self.name = name
        self.versionID = versionID
        self.remoteConfigs = remoteConfigs
        self.paywalls = paywalls
        self.layouts = layouts
        self.grids = grids
    }

    /// The locale the flow falls back to: its first layout's `default_localization`, else `en` when a
    /// remote config has it, else the first remote config's.
    public var defaultLocale: String {
        if let stated = layouts.lazy.compactMap(\.defaultLocale).first { return stated }
        let locales = remoteConfigs.map(\.locale)
        return locales.contains("en") ? "en" : locales.first ?? "en"
    }

    /// Every language the flow has, as spelled, each once: its remote configs' first, then its
    /// layouts' localizations.
    public var locales: [String] {
        var seen: Set<String> = []
        return (remoteConfigs.map(\.locale) + layouts.flatMap { $0.localizations.map(\.locale) }).filter { seen.insert($0).inserted }
    }
}

/// A paywall shown inside a flow.
public struct FlowPaywall: Sendable, Hashable {
    public var variationID: String
    public var paywallID: String
    public var paywallName: String
    public var webPurchaseURL: String?
    /// The `key`s of the products it sells, in its order.
    public var productKeys: [String]

    public init(variationID: String, paywallID: String, paywallName: String, webPurchaseURL: String?, productKeys: [String]) {
        self.variationID = variationID
        self.paywallID = paywallID
        self.paywallName = paywallName
        self.webPurchaseURL = webPurchaseURL
        self.productKeys = productKeys
    }
}

/// One UI schema of a flow: its screen texts in every language.
public struct FlowLayout: Sendable, Hashable {
    /// The `ui_builder` key: a `flow_layout_id` (format 11) or the flow's `flow_version_id` (format 10).
    public var id: String
    /// `default_localization`: where strings missing in a language come from.
    public var defaultLocale: String?
    /// Strings, assets and direction per locale (no remote config), in export order.
    public var localizations: [Localization]

    public init(id: String, defaultLocale: String?, localizations: [Localization]) {
        self.id = id
        self.defaultLocale = defaultLocale
        self.localizations = localizations
    }
}
