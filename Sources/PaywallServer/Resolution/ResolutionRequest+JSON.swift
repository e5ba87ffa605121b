import PaywallModel
import PaywallResolver

extension ResolutionRequest {
    /// A request of a `POST /v1/bundles` batch (docs/contracts.md): `{"placement", "locales", "country", "platform",
    /// "app_version", "attribution", "attributes", "profile_id", "default_audience", "mode", "source"}`.
    /// Every problem is reported at its JSON pointer.
    init(batchItem reader: FieldReader) throws(APIError) {
        let placement = reader.string("placement")
        let locales = reader.strings("locales", required: false) ?? []
        let country = reader.string("country", required: false), platform = reader.string("platform", required: false)
        let appVersion = reader.string("app_version", required: false)
        let attribution = reader.strings("attribution", required: false) ?? []
        let attributes = (reader.objectValue("attributes", required: false)?.members ?? []).compactMap { member -> (key: String, value: String)? in
            guard let value = member.value.stringValue else {
                reader.issues.report(reader.at("attributes").appending(member.key), "expected a string, found \(member.value.kind)")
                return nil
            }
            return (member.key, value)
        }
        let profileID = reader.string("profile_id", required: false), mode = reader.string("mode", required: false)
        let source = reader.string("source", required: false)
        let defaultAudienceOnly = reader.bool("default_audience", required: false) ?? false
        guard reader.issues.issues.isEmpty, let placement else {
            throw .badRequest(reader.issues.issues.map(\.description).joined(separator: "; "))
        }
        do {
            try self.init(placementID: placement, locales: locales, country: country, platform: platform, appVersion: appVersion,
                          attributionSources: attribution, attributes: attributes, profileID: profileID,
                          defaultAudienceOnly: defaultAudienceOnly, mode: mode, source: source)
        } catch {
            throw APIError(error, name: reader.at(Self.memberName(of: error.field)).description)
        }
    }

    private static func memberName(of field: RequestProblem.Field) -> String {
        switch field {
        case .placement: "placement"
        case .locale: "locales"
        case .appVersion: "app_version"
        case .attribute: "attributes"
        case .profileID: "profile_id"
        case .mode: "mode"
        }
    }
}
