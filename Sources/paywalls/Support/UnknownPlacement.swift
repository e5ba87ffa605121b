import PaywallResolver

extension CommandFailure {
    /// A placement the snapshot does not hold (exit 66), as resolve and coverage say it: with the closest known ids,
    /// else with how many the snapshot has and where to see them.
    static func unknownPlacement(_ id: String, knownIDs: [String]) -> CommandFailure {
        let error = ResolutionError.unknownPlacement(id, knownIDs: knownIDs)
        let closest = error.closest
        let hint = closest.isEmpty ? " (the snapshot has \(knownIDs.count) placements; see `paywalls status`)" : "; closest: \(closest.joined(separator: ", "))"
        return CommandFailure(exitCode: .noInput, message: error.description + hint)
    }
}
