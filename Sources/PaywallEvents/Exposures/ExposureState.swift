/// A profile at a placement: the key of the exposure state.
struct ExposureKey: Hashable, Sendable {
    let placementID: String
    let profileID: String

    init(placementID: String, profileID: String) {
        self.placementID = placementID
        self.profileID = profileID
    }

    init(of event: Event) {
        self.init(placementID: event.placementID, profileID: event.profileID)
    }
}

/// What the report needs of one profile at one placement, kept by both stores as the events are stored: its first
/// exposure, whether it was shown another variation too, and whether and for how much it bought after the first
/// exposure. Always what `init?(recounting:)` makes of the key's stored events.
struct ExposureState: Equatable, Sendable {
    /// The first `shown`: the earliest, and of two at the same millisecond the smaller `event_id`, compared byte by
    /// byte (as both stores' keys compare it).
    struct FirstExposure: Equatable, Sendable {
        let createdAt: Int64
        let eventID: String
        let variationID: String
        let snapshot: String?
        let locale: String?
        let localeResult: String?
        let country: String?
        let platform: String?

        init(createdAt: Int64, eventID: String, variationID: String, snapshot: String?, locale: String?, localeResult: String?,
             country: String?, platform: String?) {
            self.createdAt = createdAt
            self.eventID = eventID
            self.variationID = variationID
            self.snapshot = snapshot
            self.locale = locale
            self.localeResult = localeResult
            self.country = country
            self.platform = platform
        }

        init(_ shown: Event) {
            self.init(createdAt: shown.createdAtMilliseconds, eventID: shown.id, variationID: shown.variationID, snapshot: shown.snapshot,
                      locale: shown.locale, localeResult: shown.localeResult?.rawValue, country: shown.country, platform: shown.platform)
        }

        /// Whether `event`, an exposure, comes before this one.
        func isPreceded(by event: Event) -> Bool {
            Self.precedes(event.createdAtMilliseconds, event.id, createdAt, eventID)
        }

        /// Whether the exposure at `time` with the id `id` comes before the one at `otherTime` with `otherID`.
        static func precedes(_ time: Int64, _ id: String, _ otherTime: Int64, _ otherID: String) -> Bool {
            time < otherTime || time == otherTime && id.utf8.lexicographicallyPrecedes(otherID.utf8)
        }
    }

    var first: FirstExposure
    var shownAnotherVariation: Bool
    var converted: Bool
    /// The prices of the purchases at or after the first exposure, per currency, in millionths.
    var revenueMicros: [String: Int128]

    /// The state a recount of `events` (one key's, in any order) makes: nil without a `shown` among them.
    init?(recounting events: some Sequence<Event>) {
        var first: Event?
        var shownAnotherVariation = false
        var purchases: [Event] = []
        for event in events {
            switch event.kind {
            case .shown:
                guard let earliest = first else {
                    first = event
                    continue
                }
                if event.variationID != earliest.variationID { shownAnotherVariation = true }
                if FirstExposure.precedes(event.createdAtMilliseconds, event.id, earliest.createdAtMilliseconds, earliest.id) { first = event }
            case .purchaseFinished where event.purchaseResult == .purchased:
                purchases.append(event)
            default:
                continue
            }
        }
        guard let first else { return nil }
        self.first = FirstExposure(first)
        self.shownAnotherVariation = shownAnotherVariation
        converted = false
        revenueMicros = [:]
        for purchase in purchases { count(purchase) }
    }

    init(first: FirstExposure, shownAnotherVariation: Bool, converted: Bool, revenueMicros: [String: Int128]) {
        self.first = first
        self.shownAnotherVariation = shownAnotherVariation
        self.converted = converted
        self.revenueMicros = revenueMicros
    }

    /// Whether an event changes the state of its key (only a `shown` or a purchase that finished as `purchased` does).
    static func concerns(_ event: Event) -> Bool {
        event.kind == .shown || event.kind == .purchaseFinished && event.purchaseResult == .purchased
    }

    /// Takes one more event of the key, stored after those the state was made of. False when the state cannot tell
    /// without a recount: an exposure before the first moves the first, and with it which purchases count.
    mutating func take(_ event: Event) -> Bool {
        switch event.kind {
        case .shown:
            if first.isPreceded(by: event) { return false }
            if event.variationID != first.variationID { shownAnotherVariation = true }
        case .purchaseFinished where event.purchaseResult == .purchased:
            count(event)
        default:
            break
        }
        return true
    }

    /// Counts a purchase when it finished at or after the first exposure.
    private mutating func count(_ purchase: Event) {
        guard purchase.createdAtMilliseconds >= first.createdAt else { return }
        converted = true
        if let currency = purchase.product?.currency, let price = purchase.product?.priceMicros {
            revenueMicros[currency, default: 0] += Int128(price)
        }
    }
}
