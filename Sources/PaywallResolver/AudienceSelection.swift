import PaywallModel
import PaywallStore

/// The audience a user falls in: by ascending priority, the first whose segments all match.
struct AudienceSelection {
    /// An audience tried before the chosen one, and why it was passed over. Positions only: a
    /// resolution that explains nothing copies no audience it does not choose.
    private struct PassedOver {
        let audience: Int
        /// The first segment that does not match, in the audience's segment ids; nil when only the
        /// default audience was asked for.
        let failingSegment: Int?
    }

    let audience: Audience
    /// Its position in the placement's audiences.
    let index: Int
    let draw: VariationDraw
    var matchedSegments: [String] { audience.segmentIDs }
    private let passedOver: [PassedOver]

    /// The audience of `table`, the placement's, for `request`.
    init?(in table: AudienceTable, of stored: StoredPlacement, for request: ResolutionRequest) {
        var passedOver: [PassedOver] = []
        guard let entry = table.firstEntry(for: request, passedOver: { passedOver.append(PassedOver(audience: $0, failingSegment: $1)) })
        else { return nil }
        audience = stored.placement.audiences[entry.index]
        index = entry.index
        draw = table.draws[entry.index]
        self.passedOver = passedOver
    }

    /// One line per audience tried, for `--explain`, given the placement and context it was chosen with.
    func trace(in stored: StoredPlacement, for context: UserContext) -> [String] {
        passedOver.map { passed in
            let audience = stored.placement.audiences[passed.audience]
            guard let failing = passed.failingSegment.map({ audience.segmentIDs[$0] }) else {
                return "audience '\(audience.name)' (priority \(audience.priority)): skipped, only the default audience was asked for"
            }
            return "audience '\(audience.name)' (priority \(audience.priority)): segment '\(failing)' does not match"
                + Self.reason(stored.segment(failing), context)
        } + ["audience '\(audience.name)' (priority \(audience.priority)): "
            + (audience.isDefault ? "the default audience, matches everyone" : "segments \(audience.segmentIDs.joined(separator: ", ")) match")]
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
