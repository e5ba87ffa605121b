/// A place in the app that shows a paywall, with the audiences that decide which one.
public struct Placement: Sendable, Equatable {
    public var id: String
    /// In ascending priority: the first whose segments all match is the user's.
    public var audiences: [Audience]

    public init(id: String, audiences: [Audience]) {
        self.id = id
        self.audiences = audiences
    }
}

public struct Audience: Sendable, Equatable {
    public var name: String
    public var priority: Int
    /// Empty for the default audience ("All Users").
    public var segmentIDs: [String]
    /// Seeds the A/B bucketing of SPEC §5.
    public var versionID: String
    public var variations: [Variation]

    public var isDefault: Bool { segmentIDs.isEmpty }

    public init(name: String, priority: Int, segmentIDs: [String], versionID: String, variations: [Variation]) {
        self.name = name
        self.priority = priority
        self.segmentIDs = segmentIDs
        self.versionID = versionID
        self.variations = variations
    }
}

public struct Variation: Sendable, Equatable {
    public var variationID: String
    public var paywallID: String
    /// Percent; an audience's weights sum to 100.
    public var weight: Int

    public init(variationID: String, paywallID: String, weight: Int) {
        self.variationID = variationID
        self.paywallID = paywallID
        self.weight = weight
    }
}
