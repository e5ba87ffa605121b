import PaywallResolver

extension ResolutionRequest {
    /// The query parameters of the bundle route (docs/contracts.md), beside `attr.<key>` for custom attributes.
    static let queryParameters: Set<String> = [
        "locale", "country", "platform", "app_version", "attribution", "profile_id", "default_audience", "mode", "source", "explain",
    ]

    /// A request from the bundle route's query; `locales` are the `locale` parameters, or the
    /// Accept-Language header when there are none.
    init(query: QueryParameters, placementID: String, locales: [String]) throws(APIError) {
        let country = try query.value("country"), platform = try query.value("platform"), appVersion = try query.value("app_version")
        let profileID = try query.value("profile_id"), mode = try query.value("mode"), source = try query.value("source")
        let defaultAudienceOnly = try query.flag("default_audience")
        let attributes = try query.prefixed("attr.")
        do {
            try self.init(placementID: placementID, locales: locales, country: country, platform: platform, appVersion: appVersion,
                          attributionSources: query.values("attribution"), attributes: attributes, profileID: profileID,
                          defaultAudienceOnly: defaultAudienceOnly, mode: mode, source: source)
        } catch {
            throw APIError(error, name: Self.queryName(of: error.field))
        }
    }

    private static func queryName(of field: RequestProblem.Field) -> String {
        switch field {
        case .placement: "the placement id"
        case .locale: "locale"
        case .appVersion: "app_version"
        case .attribute: "attr."
        case .profileID: "profile_id"
        case .mode: "mode"
        }
    }
}

/// Runs a resolution, its error as the service answers it.
func answering<Value>(_ body: () throws(ResolutionError) -> Value) throws(APIError) -> Value {
    do {
        return try body()
    } catch {
        throw APIError(error)
    }
}
