/// A web-builder onboarding (docs/formats.md): screens the vendor's builder serves at `configURL`, localized
/// there from the `Accept-Language` the app sends, so the export holds no strings of its own.
public struct Onboarding: Sendable, Hashable {
    public var id: String
    /// What variations refer to it by, unique in the export: its id, unless a vendor file's variations
    /// carry different content under one id, each then kept under a key of its own (`FallbackCatalog`).
    public var key: String
    public var name: String
    /// `onboarding_builder.config_url`: an absolute http(s) URL.
    public var configURL: String
    /// `onboarding_builder.lang`: the language the export was made in (the vendor writes `en`).
    public var builderLocale: String
    public var remoteConfig: RemoteConfig?

    public init(id: String, name: String, configURL: String, builderLocale: String, remoteConfig: RemoteConfig?, key: String? = nil) {
        self.id = id
        self.key = key ?? id
        self.name = name
        self.configURL = configURL
        self.builderLocale = builderLocale
        self.remoteConfig = remoteConfig
    }
}

/// A remote config in one language: the free JSON object an app reads, and the locale it is for, as
/// the export spells it.
public struct RemoteConfig: Sendable, Hashable {
    public var locale: String
    public var document: JSONValue

    public init(locale: String, document: JSONValue) {
        self.locale = locale
        self.document = document
    }
}
