/// One difference between two exports. `ExportDiff` renders both its human lines and its JSON from
/// these, so the two outputs always tell the same story.
public enum Change: Sendable, Equatable {
    case added(Item)
    case removed(Item)
    /// The placement kept its id but shows another kind of content.
    case placementKind(placement: String, from: PlacementKind, to: PlacementKind)
    case audiencePriority(placement: String, audience: String, from: Int, to: Int)
    /// Segment ids in ascending order: an audience needs all of them, so their order means nothing.
    case audienceSegments(placement: String, audience: String, from: [String], to: [String])
    case variationWeight(placement: String, audience: String, variation: String, from: Int, to: Int)
    /// The variation kept its id but shows other content: another paywall, onboarding or flow, or
    /// content of another kind when its placement's kind changed.
    case contentSwap(placement: String, audience: String, variation: String, from: Content, to: Content)
    /// String ids of a localization both exports have, of a paywall or of a flow layout.
    case strings(of: Item, locale: String, KeyChanges)
    /// Top-level keys of a remote config both exports have in that language, of an onboarding or of
    /// a flow.
    case remoteConfigKeys(of: Item, locale: String, KeyChanges)
    /// A text of an onboarding or a flow; `nil` where an export has none (a flow's version id).
    case attribute(of: Item, Attribute, from: String?, to: String?)
    /// A country's price; `nil` where one export has no price for that country.
    case price(product: String, country: String, from: Price?, to: Price?)
    /// Conditions sorted, and list operands sorted, since neither order changes what a segment matches.
    case segmentConditions(segment: String, from: [Condition], to: [Condition])

    /// Something with an identity that only one of the exports has.
    public indirect enum Item: Sendable, Equatable {
        case placement(String)
        case audience(placement: String, name: String)
        case variation(placement: String, audience: String, id: String)
        case paywall(String)
        case onboarding(String)
        case flow(String)
        /// A flow's UI schema.
        case layout(flow: String, id: String)
        /// A paywall a flow's screens show, by paywall id.
        case flowPaywall(flow: String, paywall: String)
        /// Strings in one locale, as the export spells it, of a paywall or of a flow layout.
        case localization(of: Item, locale: String)
        /// The remote config in one language of an onboarding or of a flow.
        case remoteConfig(of: Item, locale: String)
        case product(String)
        case segment(String)
    }

    /// What a variation shows.
    public struct Content: Sendable, Equatable {
        public var kind: PlacementKind
        public var id: String

        public init(_ kind: PlacementKind, _ id: String) {
            self.kind = kind
            self.id = id
        }
    }

    /// The texts of onboardings and flows compared one by one.
    public enum Attribute: Sendable, Equatable {
        case name
        case configURL
        case builderLocale
        case versionID
    }

    /// The keys of two versions of a JSON object (a localization's strings, a remote config) that
    /// only the new one has, only the old one has, and whose values differ as data; each list in
    /// ascending order.
    public struct KeyChanges: Sendable, Equatable {
        public var added: [String]
        public var removed: [String]
        public var changed: [String]

        public init(added: [String] = [], removed: [String] = [], changed: [String] = []) {
            self.added = added
            self.removed = removed
            self.changed = changed
        }
    }
}
