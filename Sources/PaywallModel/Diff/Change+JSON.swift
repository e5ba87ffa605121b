extension Change {
    /// Puts this change where `ExportDiff.json()` documents it.
    func record(in document: inout DiffDocument) {
        switch self {
        case let .added(item):
            document.list(item, as: "added")
        case let .removed(item):
            document.list(item, as: "removed")
        case let .placementKind(placement, from, to):
            document.set(Self.transition(.string(from.rawValue), .string(to.rawValue)), at: ["kind"], in: .placement(placement))
        case let .audiencePriority(placement, audience, from, to):
            document.set(Self.transition(.integer(from), .integer(to)), at: ["priority"],
                         in: .audience(placement: placement, name: audience))
        case let .audienceSegments(placement, audience, from, to):
            document.set(Self.transition(.strings(from), .strings(to)), at: ["segmentIds"],
                         in: .audience(placement: placement, name: audience))
        case let .variationWeight(placement, audience, variation, from, to):
            document.set(Self.transition(.integer(from), .integer(to)), at: ["weight"],
                         in: .variation(placement: placement, audience: audience, id: variation))
        case let .contentSwap(placement, audience, variation, from, to):
            // One member per kind shown, `paywallId`, `onboardingId` or `flowId`; null on the side of
            // the other kind when the placement's kind changed.
            for kind in from.kind == to.kind ? [from.kind] : [from.kind, to.kind] {
                document.set(Self.transition(from.kind == kind ? .string(from.id) : .null, to.kind == kind ? .string(to.id) : .null),
                             at: ["\(kind.rawValue)Id"], in: .variation(placement: placement, audience: audience, id: variation))
            }
        case let .strings(owner, locale, changes):
            document.set(Self.json(changes), at: ["strings"], in: .localization(of: owner, locale: locale))
        case let .remoteConfigKeys(owner, locale, changes):
            document.set(Self.json(changes), at: ["keys"], in: .remoteConfig(of: owner, locale: locale))
        case let .attribute(item, attribute, from, to):
            document.set(Self.transition(.optional(from), .optional(to)), at: [Self.key(of: attribute)], in: item)
        case let .price(product, country, from, to):
            document.set(Self.transition(Self.json(from), Self.json(to)), at: ["prices", country], in: .product(product))
        case let .segmentConditions(segment, from, to):
            document.set(Self.transition(.array(from.map(Self.json)), .array(to.map(Self.json))), at: ["conditions"],
                         in: .segment(segment))
        }
    }

    private static func transition(_ from: JSONValue, _ to: JSONValue) -> JSONValue {
        .object(JSONObject(["from": from, "to": to]))
    }

    private static func json(_ changes: KeyChanges) -> JSONValue {
        .object(JSONObject(["added": .strings(changes.added), "removed": .strings(changes.removed), "changed": .strings(changes.changed)]))
    }

    private static func key(of attribute: Attribute) -> String {
        switch attribute {
        case .name: return "name"
        case .configURL: return "configUrl"
        case .builderLocale: return "builderLocale"
        case .versionID: return "versionId"
        }
    }

    private static func json(_ price: Price?) -> JSONValue {
        price.map { .object(JSONObject(["currency": .string($0.currency), "amount": .string($0.amount)])) } ?? .null
    }

    private static func json(_ condition: Condition) -> JSONValue {
        .object(JSONObject([
            "attribute": .string(condition.attribute),
            "op": .string(condition.op.rawValue),
            "values": .strings(condition.values),
        ]))
    }
}
