/// One app's dashboard export in the project's own model, whichever format it came in: what a
/// snapshot stores and what resolution reads.
public struct PaywallExport: Sendable, Equatable {
    public var appID: String
    public var revision: Int
    /// ISO 8601, as the export states it.
    public var exportedAt: String
    /// The locale every chain ends at when a paywall names none.
    public var defaultLocale: String
    public var format: ExportFormat
    public var segments: [Segment]
    public var products: [Product]
    public var paywalls: [Paywall]
    public var onboardings: [Onboarding]
    public var flows: [Flow]
    public var placements: [Placement]
    /// The whole document as read, for a vendor fallback file only (never for a paywall-export, which
    /// can be very large): what lets `paywalls fallbacks` write back the keys the model does not keep.
    public var sourceDocument: JSONValue?
    /// What the decoder accepted but a user should hear of (a placement with no variation); not stored.
    public var warnings: [ValidationIssue]

    public init(appID: String, revision: Int, exportedAt: String, defaultLocale: String, format: ExportFormat,
                segments: [Segment], products: [Product], paywalls: [Paywall], onboardings: [Onboarding] = [], flows: [Flow] = [],
                placements: [Placement], sourceDocument: JSONValue? = nil, warnings: [ValidationIssue] = []) {
        self.appID = appID
        self.revision = revision
        self.exportedAt = exportedAt
        self.defaultLocale = defaultLocale
        self.format = format
        self.segments = segments
        self.products = products
        self.paywalls = paywalls
        self.onboardings = onboardings
        self.flows = flows
        self.placements = placements
        self.sourceDocument = sourceDocument
        self.warnings = warnings
    }
}

/// The document format an export was read from.
public enum ExportFormat: Sendable, Equatable, CustomStringConvertible {
    /// This project's documented multi-locale export (docs/formats.md).
    case paywallExport(version: Int)
    /// The vendor's fallback file (docs/formats.md), formats 8 to 11.
    case adaptyFallback(version: Int)

    public var description: String {
        switch self {
        case let .paywallExport(version): return "paywall-export v\(version)"
        case let .adaptyFallback(version): return "adapty-fallback v\(version)"
        }
    }
}
