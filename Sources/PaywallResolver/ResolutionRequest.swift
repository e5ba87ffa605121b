import LocaleKit

/// Who asks, where, and in which languages: everything `paywalls resolve` is told about the user.
public struct ResolutionRequest: Sendable {
    public var placementID: String
    /// Preferred locales, most preferred first.
    public var locales: [String]
    public var mode: MatchMode
    public var context: UserContext
    /// The vendor's `getPaywallForDefaultAudience`: only the default audience is considered.
    public var defaultAudienceOnly: Bool
    /// Seeds A/B bucketing; without it the heaviest variation is shown.
    public var profileID: String?
    /// The store source to answer from; nil for the first source, in answer order, that has the placement.
    public var source: String?

    public init(placementID: String, locales: [String] = [], mode: MatchMode = .cldr, context: UserContext = UserContext(),
                defaultAudienceOnly: Bool = false, profileID: String? = nil, source: String? = nil) {
        self.placementID = placementID
        self.locales = locales
        self.mode = mode
        self.context = context
        self.defaultAudienceOnly = defaultAudienceOnly
        self.profileID = profileID
        self.source = source
    }
}

/// The attributes segments test. Standard ones have their own fields; the rest are free-form.
public struct UserContext: Sendable {
    public var country: String?
    public var platform: String?
    public var appVersion: String?
    public var attributionSources: [String]
    public var attributes: [String: String]

    public init(country: String? = nil, platform: String? = nil, appVersion: String? = nil,
                attributionSources: [String] = [], attributes: [String: String] = [:]) {
        self.country = country
        self.platform = platform
        self.appVersion = appVersion
        self.attributionSources = attributionSources
        self.attributes = attributes
    }
}
