/// What `Cache-Control` tells caches of each answer (docs/contracts.md): a bundle may be kept and must be
/// revalidated by its `ETag` (or, with `--cache-max-age`, is fresh that long, for a CDN in front); lists
/// are kept and revalidated; what tells of the process now (status, metrics, health) and every error is
/// never kept. With a token, what may be kept is the user's alone (`private`).
public struct CachePolicy: Sendable, Equatable {
    /// How a route's answers may be kept.
    enum Kind: Sendable {
        case bundle
        /// Lists and lookups: kept, revalidated each time.
        case revalidated
        /// Never kept: it tells of this moment, or of this one request (a batch).
        case live
    }

    /// How long a bundle stays fresh in a cache; nil: it is revalidated every time.
    public var bundleMaxAge: Duration?
    /// Whether answers are the requester's alone (`--token-file`).
    public var isPrivate: Bool

    public init(bundleMaxAge: Duration? = nil, isPrivate: Bool = false) {
        self.bundleMaxAge = bundleMaxAge
        self.isPrivate = isPrivate
    }

    /// The field's value for an answer of `status` on a route of `kind`.
    func cacheControl(for kind: Kind, status: Int) -> String {
        guard status < 400, kind != .live else { return "no-store" }
        if kind == .bundle, let bundleMaxAge {
            return "\(isPrivate ? "private" : "public"), max-age=\(bundleMaxAge.components.seconds), must-revalidate"
        }
        return isPrivate ? "private, no-cache" : "no-cache"
    }
}
