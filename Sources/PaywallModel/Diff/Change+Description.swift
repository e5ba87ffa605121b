extension Change: CustomStringConvertible {
    /// One line for people, e.g. `paywall pw1 [pt-br]: strings added: cta; changed: title`.
    public var description: String {
        switch self {
        case let .added(item):
            return "\(item) added"
        case let .removed(item):
            return "\(item) removed"
        case let .audiencePriority(placement, audience, from, to):
            return "\(Item.audience(placement: placement, name: audience)): priority \(from) -> \(to)"
        case let .audienceSegments(placement, audience, from, to):
            return "\(Item.audience(placement: placement, name: audience)): segments [\(from.joined(separator: ", "))] -> [\(to.joined(separator: ", "))]"
        case let .variationWeight(placement, audience, variation, from, to):
            return "\(Item.variation(placement: placement, audience: audience, id: variation)) weight \(from) -> \(to)"
        case let .paywallSwap(placement, audience, variation, from, to):
            return "\(Item.variation(placement: placement, audience: audience, id: variation)) paywall \(from) -> \(to)"
        case let .strings(paywall, locale, added, removed, changed):
            let parts = [("added", added), ("removed", removed), ("changed", changed)]
                .filter { !$0.1.isEmpty }
                .map { "\($0.0): \($0.1.joined(separator: ", "))" }
            return "paywall \(paywall) [\(locale)]: strings \(parts.joined(separator: "; "))"
        case let .price(product, country, from, to):
            return "product \(product): price \(country) \(Self.text(from)) -> \(Self.text(to))"
        case let .segmentConditions(segment, from, to):
            return "segment \(segment): conditions \(Self.text(from)) -> \(Self.text(to))"
        }
    }

    private static func text(_ price: Price?) -> String {
        price.map { "\($0.amount) \($0.currency)" } ?? "none"
    }

    private static func text(_ conditions: [Condition]) -> String {
        guard !conditions.isEmpty else { return "none" }
        return conditions.map { condition in
            let head = "\(condition.attribute) \(condition.op.rawValue)"
            switch condition.op.operands {
            case .list: return "\(head) [\(condition.values.joined(separator: ", "))]"
            case .single: return "\(head) \(condition.values.joined(separator: ", "))"
            case .none: return head
            }
        }.joined(separator: " and ")
    }
}

extension Change.Item: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .placement(id): return "placement \(id)"
        case let .audience(placement, name): return "placement \(placement): audience '\(name)'"
        case let .variation(placement, audience, id): return "\(Self.audience(placement: placement, name: audience)): variation \(id)"
        case let .paywall(id): return "paywall \(id)"
        case let .localization(paywall, locale): return "paywall \(paywall): localization \(locale)"
        case let .product(id): return "product \(id)"
        case let .segment(id): return "segment \(id)"
        }
    }
}
