import PaywallModel

extension Route {
    /// `GET /healthz`: 200 `{"status": "ok"}` while the process runs.
    static let health = Route("/healthz", methods: ["GET", "HEAD"], caching: .live) { _, _ in
        .json(.object(JSONObject(["status": .string("ok")])))
    }
}
