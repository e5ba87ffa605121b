/// A place in the app, with the audiences that decide what it shows: a paywall, an onboarding or a
/// flow (docs/formats.md). A placement shows one kind only; its variations name content of that kind.
public struct Placement: Sendable, Equatable {
    public var id: String
    public var kind: PlacementKind
    /// In ascending priority: the first whose segments all match is the user's.
    public var audiences: [Audience]

    public init(id: String, kind: PlacementKind = .paywall, audiences: [Audience]) {
        self.id = id
        self.kind = kind
        self.audiences = audiences
    }
}

/// What a placement's variations show.
public enum PlacementKind: String, CaseIterable, Sendable {
    /// A paywall of the export's `paywalls`.
    case paywall
    /// A web-builder onboarding of the export's `onboardings`.
    case onboarding
    /// A flow (screens, paywalls and remote configs in every language) of the export's `flows`.
    case flow
}

public struct Audience: Sendable, Equatable {
    public var name: String
    public var priority: Int
    /// Empty for the default audience ("All Users").
    public var segmentIDs: [String]
    /// Seeds the A/B bucketing of docs/contracts.md.
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
    /// The `key` of the paywall, onboarding or flow shown, as the placement's kind says.
    public var contentKey: String
    /// Percent; an audience's weights sum to 100.
    public var weight: Int
    /// The A/B variation's own name, where the export gives one (flows' `variation_name`).
    public var name: String?

    public init(variationID: String, contentKey: String, weight: Int, name: String? = nil) {
        self.variationID = variationID
        self.contentKey = contentKey
        self.weight = weight
        self.name = name
    }
}
