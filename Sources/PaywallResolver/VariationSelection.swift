import PaywallModel

/// The variation of an audience a user sees, chosen exactly as the vendor's SDKs choose it (docs/contracts.md),
/// so that the server predicts what the device shows.
struct VariationSelection {
    let variation: Variation
    /// Its position in the audience's variations.
    let index: Int
    /// The user's bucket (0..<100), when a profile id was given.
    let bucket: Int?

    /// Nil when the audience has no variation (a vendor file may list none).
    init?(in audience: Audience, profileID: String?) {
        self.init(in: audience, draw: VariationDraw(audience), profileID: profileID)
    }

    /// - Parameter draw: the audience's, worked out beforehand.
    init?(in audience: Audience, draw: VariationDraw, profileID: String?) {
        guard let (index, bucket) = draw.choice(for: profileID) else { return nil }
        variation = audience.variations[index]
        self.index = index
        self.bucket = bucket
    }

    static func bucket(versionID: String, profileID: String) -> Int {
        VariationDraw.bucket(versionID: versionID, profileID: profileID)
    }
}
