import PaywallModel

/// A segment attribute as the user context holds it: the standard ones have fields of their own.
enum ContextAttribute: Sendable, Equatable {
    case country, platform, appVersion, attributionSource
    case custom(String)

    init(_ name: String) {
        switch name {
        case "country": self = .country
        case "platform": self = .platform
        case "app_version": self = .appVersion
        case "attribution_source": self = .attributionSource
        default: self = .custom(name)
        }
    }
}

extension UserContext {
    /// The user's values for a segment attribute; empty when unknown.
    func values(of attribute: ContextAttribute) -> [String] {
        switch attribute {
        case .country: return country.map { [$0] } ?? []
        case .platform: return platform.map { [$0] } ?? []
        case .appVersion: return appVersion.map { [$0] } ?? []
        case .attributionSource: return attributionSources
        case let .custom(name): return attributes[name].map { [$0] } ?? []
        }
    }
}

/// A condition with its attribute read once, ready to be evaluated for many users.
struct ConditionCheck: Sendable {
    let attribute: ContextAttribute
    let op: Condition.Operator
    let values: [String]

    init(_ condition: Condition) {
        attribute = ContextAttribute(condition.attribute)
        op = condition.op
        values = condition.values
    }

    /// Whether the user's context satisfies the condition. An attribute the context does not know
    /// satisfies nothing but `not_in` and nothing at all for `exists`: a segment asks for facts.
    /// Reads the context's field without making an array of it: every resolution tests its audiences'
    /// conditions.
    func holds(for context: UserContext) -> Bool {
        switch attribute {
        case .country: return holds(forValue: context.country)
        case .platform: return holds(forValue: context.platform)
        case .appVersion: return holds(forValue: context.appVersion)
        case .attributionSource: return holds(forValues: context.attributionSources)
        case let .custom(name): return holds(forValue: context.attributes[name])
        }
    }

    private func holds(forValue value: String?) -> Bool {
        guard let value else { return op == .notIn }
        return holds(forValues: CollectionOfOne(value))
    }

    private func holds(forValues actual: some Collection<String>) -> Bool {
        switch op {
        case .exists: return !actual.isEmpty
        case .in: return actual.contains { value in values.contains { same(value, $0) } }
        case .notIn: return !actual.contains { value in values.contains { same(value, $0) } }
        case .eq: return actual.contains { same($0, values[0]) }
        case .gte: return actual.contains { compare($0, values[0]).map { $0 >= 0 } ?? false }
        case .lte: return actual.contains { compare($0, values[0]).map { $0 <= 0 } ?? false }
        }
    }

    /// Countries and platforms compare without case (`br` is `BR`); other values exactly.
    private func same(_ a: String, _ b: String) -> Bool {
        attribute == .country || attribute == .platform ? a.lowercased() == b.lowercased() : a == b
    }

    /// App versions compare as dotted versions, and one that is not a version compares with nothing
    /// (nil); other values compare as numbers when both are, else as text.
    private func compare(_ a: String, _ b: String) -> Int? {
        if attribute == .appVersion {
            guard let left = DottedVersion(a), let right = DottedVersion(b) else { return nil }
            return left == right ? 0 : (left < right ? -1 : 1)
        }
        if let left = Int(a), let right = Int(b) { return left == right ? 0 : (left < right ? -1 : 1) }
        return a == b ? 0 : (a < b ? -1 : 1)
    }
}

extension Condition {
    func holds(for context: UserContext) -> Bool {
        ConditionCheck(self).holds(for: context)
    }
}
