import PaywallModel
import PaywallStore

extension CompiledPlacement {
    /// One line per audience tried for `request`, for `--explain`: those passed over and why, then the
    /// one chosen (`AudienceTable.firstEntry`, asked again: answering keeps no account of its tries).
    func audienceTrace(for request: ResolutionRequest) -> [String] {
        let audiences = stored.placement.audiences
        var lines: [String] = []
        let chosen = self.audiences.firstEntry(for: request) { passed, failingSegment in
            let audience = audiences[passed]
            guard let failing = failingSegment.map({ audience.segmentIDs[$0] }) else {
                lines.append("audience '\(audience.name)' (priority \(audience.priority)): skipped, only the default audience was asked for")
                return
            }
            lines.append("audience '\(audience.name)' (priority \(audience.priority)): segment '\(failing)' does not match"
                + Self.reason(stored.segment(failing), request.context))
        }
        if let audience = chosen.map({ audiences[$0.index] }) {
            lines.append("audience '\(audience.name)' (priority \(audience.priority)): "
                + (audience.isDefault ? "the default audience, matches everyone" : "segments \(audience.segmentIDs.joined(separator: ", ")) match"))
        }
        return lines
    }

    /// Which condition failed and what the user had, e.g. ": country in [BR, PT], user has US".
    private static func reason(_ segment: Segment?, _ context: UserContext) -> String {
        guard let condition = segment?.conditions.first(where: { !$0.holds(for: context) }) else { return "" }
        let actual = context.values(of: ContextAttribute(condition.attribute))
        let operands = condition.op.operands == .list ? "[\(condition.values.joined(separator: ", "))]" : condition.values.first ?? ""
        return ": \(condition.attribute) \(condition.op.rawValue) \(operands), user has "
            + (actual.isEmpty ? "none" : actual.joined(separator: ", "))
    }
}

extension StoredPlacement {
    /// A placement references a handful of segments: a scan beats building a dictionary per resolution.
    func segment(_ id: String) -> Segment? {
        segments.first { $0.id == id }
    }
}
