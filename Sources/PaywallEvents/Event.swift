/// One event an app forwards from the vendor's SDK: what happened on a paywall or a flow, to which profile,
/// at which placement and variation, in which locale (the bundle's `locale.matched` and `locale.result`).
public struct Event: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case shown, closed, action
        case productSelected = "product_selected"
        case purchaseStarted = "purchase_started"
        case purchaseFinished = "purchase_finished"
        case purchaseFailed = "purchase_failed"
        case restoreStarted = "restore_started"
        case restoreFinished = "restore_finished"
        case restoreFailed = "restore_failed"
        case renderFailed = "render_failed"
        case productsFailed = "products_failed"
        case webPaymentFinished = "web_payment_finished"
        case screenShown = "screen_shown"
    }

    /// How the served locale was found (a bundle's `locale.result`).
    public enum LocaleResult: String, Sendable, CaseIterable {
        case exact, fallback, `default`
    }

    public enum PurchaseResult: String, Sendable, CaseIterable {
        case purchased, cancelled, pending
    }

    public struct Product: Sendable, Equatable {
        public let vendorProductID: String
        /// The price in millionths of its currency unit, exact (`4.99` is 4,990,000).
        public let priceMicros: Int64?
        public let currency: String?

        public init(vendorProductID: String, priceMicros: Int64?, currency: String?) {
            self.vendorProductID = vendorProductID
            self.priceMicros = priceMicros
            self.currency = currency
        }
    }

    public struct Action: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            case close
            case openURL = "open_url"
            case custom
        }

        public let kind: Kind
        public let value: String?

        public init(kind: Kind, value: String?) {
            self.kind = kind
            self.value = value
        }
    }

    /// The onboarding or flow screen shown.
    public struct Screen: Sendable, Equatable {
        public let id: String?
        public let order: Int?
        public let isLast: Bool?

        public init(id: String?, order: Int?, isLast: Bool?) {
            self.id = id
            self.order = order
            self.isLast = isLast
        }
    }

    public struct Failure: Sendable, Equatable {
        public let code: String?
        public let message: String?

        public init(code: String?, message: String?) {
            self.code = code
            self.message = message
        }
    }

    /// The deduplication key: a second event with it is the same event.
    public let id: String
    public let kind: Kind
    public let createdAtMilliseconds: Int64
    public let profileID: String
    public let placementID: String
    public let variationID: String
    public var locale: String?
    public var localeResult: LocaleResult?
    public var requestedLocale: String?
    public var country: String?
    public var platform: String?
    public var appVersion: String?
    /// The snapshot the bundle came from (`snapshot.id`).
    public var snapshot: String?
    public var product: Product?
    public var purchaseResult: PurchaseResult?
    public var action: Action?
    public var screen: Screen?
    public var failure: Failure?

    public init(id: String, kind: Kind, createdAtMilliseconds: Int64, profileID: String, placementID: String, variationID: String) {
        self.id = id
        self.kind = kind
        self.createdAtMilliseconds = createdAtMilliseconds
        self.profileID = profileID
        self.placementID = placementID
        self.variationID = variationID
    }
}
