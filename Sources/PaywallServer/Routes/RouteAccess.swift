/// Who may call a route (docs/contracts.md, roles). An app's token ships inside every copy of the app, where anyone
/// can read it: so it opens what apps need and nothing else, and what tells of revenue, of the machine or of the
/// sources needs the operators' own token.
enum RouteAccess: Sendable {
    /// The probes of a load balancer (`/healthz`, `/readyz`) and the API's description (`/v1/openapi.json`): open
    /// whatever tokens are set.
    case open
    /// What apps call: bundles, placements, locale matches, posting events.
    case apps
    /// What operators call: the report, the status, the metrics.
    case operators
}
