/// One difference between two exports. `ExportDiff` renders both its human lines and its JSON from
/// these, so the two outputs always tell the same story.
public enum Change: Sendable, Equatable {
    case added(Item)
    case removed(Item)
    case audiencePriority(placement: String, audience: String, from: Int, to: Int)
    /// Segment ids in ascending order: an audience needs all of them, so their order means nothing.
    case audienceSegments(placement: String, audience: String, from: [String], to: [String])
    case variationWeight(placement: String, audience: String, variation: String, from: Int, to: Int)
    /// The variation kept its id but shows another paywall.
    case paywallSwap(placement: String, audience: String, variation: String, from: String, to: String)
    /// String ids of a localization both exports have, each list in ascending order.
    case strings(paywall: String, locale: String, added: [String], removed: [String], changed: [String])
    /// A country's price; `nil` where one export has no price for that country.
    case price(product: String, country: String, from: Price?, to: Price?)
    /// Conditions sorted, and list operands sorted, since neither order changes what a segment matches.
    case segmentConditions(segment: String, from: [Condition], to: [Condition])

    /// Something with an identity that only one of the exports has.
    public enum Item: Sendable, Equatable {
        case placement(String)
        case audience(placement: String, name: String)
        case variation(placement: String, audience: String, id: String)
        case paywall(String)
        case localization(paywall: String, locale: String)
        case product(String)
        case segment(String)
    }
}
