import PaywallModel

extension APIError {
    /// A body that is no batch (`POST /v1/bundles`, `POST /v1/events`): 413 past the batch's limits, else 400.
    init(_ refusal: BatchBody.Refusal) {
        self = refusal.kind == .tooLarge ? .contentTooLarge(refusal.message) : .badRequest(refusal.message)
    }
}
