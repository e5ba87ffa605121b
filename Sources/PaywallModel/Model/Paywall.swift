/// A paywall: its products, its localizations, and its Paywall Builder view.
public struct Paywall: Sendable, Hashable {
    public var id: String
    /// What variations refer to it by, unique in the export: its id, unless a vendor file's variations
    /// carry different content under one id, each then kept under a key of its own (`FallbackCatalog`).
    public var key: String
    public var name: String
    /// The `key`s of the products it sells, in its order.
    public var productKeys: [String]
    public var defaultLocale: String
    /// Localizations keyed by locale as the export spells them, in export order.
    public var localizations: [Localization]
    public var view: ViewConfiguration?

    public init(id: String, name: String, productKeys: [String], defaultLocale: String,
                localizations: [Localization], view: ViewConfiguration?, key: String? = nil) {
        self.id = id
        self.key = key ?? id
        self.name = name
        self.productKeys = productKeys
        self.defaultLocale = defaultLocale
        self.localizations = localizations
        self.view = view
    }
}

/// What a paywall says in one locale. Missing parts fall back along the locale chain.
public struct Localization: Sendable, Hashable {
    /// The locale key as the export spells it (`pt-br`).
    public var locale: String
    public var remoteConfig: JSONValue?
    /// String values are plain strings or rich-text arrays, kept as JSON.
    public var strings: JSONObject
    public var assets: JSONObject
    public var isRightToLeft: Bool?

    public init(locale: String, remoteConfig: JSONValue?, strings: JSONObject, assets: JSONObject, isRightToLeft: Bool?) {
        self.locale = locale
        self.remoteConfig = remoteConfig
        self.strings = strings
        self.assets = assets
        self.isRightToLeft = isRightToLeft
    }
}

/// The Paywall Builder layout, shared by all locales.
public struct ViewConfiguration: Sendable, Hashable {
    public var templateID: String?
    public var assets: JSONObject
    public var timers: [String]
    public var customActions: [String]

    public init(templateID: String?, assets: JSONObject, timers: [String], customActions: [String]) {
        self.templateID = templateID
        self.assets = assets
        self.timers = timers
        self.customActions = customActions
    }
}
