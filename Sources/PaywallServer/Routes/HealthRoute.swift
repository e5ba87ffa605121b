import HTTPServer
import PaywallModel

extension Route {
    /// `GET /healthz`: 200 `{"status": "ok"}` while the process runs.
    static let health = Route("/healthz", methods: ["GET", "HEAD"], caching: .live) { _, _ in healthy }

    /// Rendered once: probes ask many times a second.
    private static let healthy = HTTPResponse.json(.object(JSONObject(["status": .string("ok")])))
}
