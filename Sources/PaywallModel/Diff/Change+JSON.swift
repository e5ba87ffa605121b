extension Change {
    /// Puts this change where `ExportDiff.json()` documents it.
    func record(in document: inout DiffDocument) {
        switch self {
        case let .added(item):
            document.list(item, as: "added")
        case let .removed(item):
            document.list(item, as: "removed")
        case let .audiencePriority(placement, audience, from, to):
            document.set(Self.transition(.integer(from), .integer(to)), at: ["priority"],
                         in: .audience(placement: placement, name: audience))
        case let .audienceSegments(placement, audience, from, to):
            document.set(Self.transition(.strings(from), .strings(to)), at: ["segmentIds"],
                         in: .audience(placement: placement, name: audience))
        case let .variationWeight(placement, audience, variation, from, to):
            document.set(Self.transition(.integer(from), .integer(to)), at: ["weight"],
                         in: .variation(placement: placement, audience: audience, id: variation))
        case let .paywallSwap(placement, audience, variation, from, to):
            document.set(Self.transition(.string(from), .string(to)), at: ["paywallId"],
                         in: .variation(placement: placement, audience: audience, id: variation))
        case let .strings(paywall, locale, added, removed, changed):
            let lists = JSONObject(["added": .strings(added), "removed": .strings(removed), "changed": .strings(changed)])
            document.set(.object(lists), at: ["strings"], in: .localization(paywall: paywall, locale: locale))
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
