import PaywallModel
import PaywallStore

/// The audience a user falls in: by ascending priority, the first whose segments all match.
struct AudienceSelection {
    let audience: Audience
    let matchedSegments: [String]
    /// One line per audience tried, for `--explain`.
    let trace: [String]

    init?(in stored: StoredPlacement, for request: ResolutionRequest) {
        let segments = Dictionary(stored.segments.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var trace: [String] = []
        for audience in stored.placement.audiences.sorted(by: { $0.priority < $1.priority }) {
            if request.defaultAudienceOnly, !audience.isDefault {
                trace.append("audience '\(audience.name)' (priority \(audience.priority)): skipped, only the default audience was asked for")
                continue
            }
            let failing = audience.segmentIDs.first { id in
                !(segments[id]?.conditions.allSatisfy { $0.holds(for: request.context) } ?? false)
            }
            if let failing {
                trace.append("audience '\(audience.name)' (priority \(audience.priority)): segment '\(failing)' does not match"
                             + Self.reason(segments[failing], request.context))
                continue
            }
            trace.append("audience '\(audience.name)' (priority \(audience.priority)): "
                         + (audience.isDefault ? "the default audience, matches everyone" : "segments \(audience.segmentIDs.joined(separator: ", ")) match"))
            self.audience = audience
            matchedSegments = audience.segmentIDs
            self.trace = trace
            return
        }
        return nil
    }

    /// Which condition failed and what the user had, e.g. ": country in [BR, PT], user has US".
    private static func reason(_ segment: Segment?, _ context: UserContext) -> String {
        guard let condition = segment?.conditions.first(where: { !$0.holds(for: context) }) else { return "" }
        let actual = context.values(of: condition.attribute)
        let operands = condition.op.operands == .list ? "[\(condition.values.joined(separator: ", "))]" : condition.values.first ?? ""
        return ": \(condition.attribute) \(condition.op.rawValue) \(operands), user has "
            + (actual.isEmpty ? "none" : actual.joined(separator: ", "))
    }
}
