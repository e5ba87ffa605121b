extension Change: CustomStringConvertible {
    /// One line for people, e.g. `paywall pw1 [pt-br]: strings added: cta; changed: title`.
    public var description: String {
        switch self {
        case let .added(item):
            return "\(item) added"
        case let .removed(item):
            return "\(item) removed"
        case let .placementKind(placement, from, to):
            return "\(Item.placement(placement)): kind \(from.rawValue) -> \(to.rawValue)"
        case let .audiencePriority(placement, audience, from, to):
            return "\(Item.audience(placement: placement, name: audience)): priority \(from) -> \(to)"
        case let .audienceSegments(placement, audience, from, to):
            return "\(Item.audience(placement: placement, name: audience)): segments [\(from.joined(separator: ", "))] -> [\(to.joined(separator: ", "))]"
        case let .variationWeight(placement, audience, variation, from, to):
            return "\(Item.variation(placement: placement, audience: audience, id: variation)) weight \(from) -> \(to)"
        case let .contentSwap(placement, audience, variation, from, to):
            // The new content's kind is said only when it differs: `paywall pw1 -> pw2`, `paywall pw1 -> flow f1`.
            let target = from.kind == to.kind ? to.id : "\(to.kind.rawValue) \(to.id)"
            return "\(Item.variation(placement: placement, audience: audience, id: variation)) \(from.kind.rawValue) \(from.id) -> \(target)"
        case let .strings(owner, locale, changes):
            return "\(owner) [\(locale)]: strings \(changes)"
        case let .remoteConfigKeys(owner, locale, changes):
            return "\(owner) [\(locale)]: remote config keys \(changes)"
        case let .attribute(item, attribute, from, to):
            return "\(item): \(attribute) \(Self.text(from)) -> \(Self.text(to))"
        case let .price(product, country, from, to):
            return "product \(product): price \(country) \(Self.text(from)) -> \(Self.text(to))"
        case let .segmentConditions(segment, from, to):
            return "segment \(segment): conditions \(Self.text(from)) -> \(Self.text(to))"
        }
    }

    private static func text(_ attribute: String?) -> String {
        attribute.map { "\"\($0)\"" } ?? "none"
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
        case let .audience(placement, name): return "\(Self.placement(placement)): audience '\(name)'"
        case let .variation(placement, audience, id): return "\(Self.audience(placement: placement, name: audience)): variation \(id)"
        case let .paywall(id): return "paywall \(id)"
        case let .onboarding(id): return "onboarding \(id)"
        case let .flow(id): return "flow \(id)"
        case let .layout(flow, id): return "\(Self.flow(flow)): layout \(id)"
        case let .flowPaywall(flow, paywall): return "\(Self.flow(flow)): paywall \(paywall)"
        case let .localization(owner, locale): return "\(owner): localization \(locale)"
        case let .remoteConfig(owner, locale): return "\(owner): remote config \(locale)"
        case let .product(id): return "product \(id)"
        case let .segment(id): return "segment \(id)"
        }
    }
}

extension Change.KeyChanges: CustomStringConvertible {
    /// The non-empty lists: `added: cta; changed: title`.
    public var description: String {
        [("added", added), ("removed", removed), ("changed", changed)]
            .filter { !$0.1.isEmpty }
            .map { "\($0.0): \($0.1.joined(separator: ", "))" }
            .joined(separator: "; ")
    }
}

extension Change.Attribute: CustomStringConvertible {
    public var description: String {
        switch self {
        case .name: return "name"
        case .configURL: return "config URL"
        case .builderLocale: return "builder language"
        case .versionID: return "version id"
        }
    }
}
