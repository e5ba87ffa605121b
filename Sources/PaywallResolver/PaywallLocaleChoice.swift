import LocaleKit
import PaywallModel
import Synchronization

/// What the user's locales decide for one paywall: everything of its bundle that depends on them and
/// not on the user's country or profile, the content included, so that a resolution finds all of it
/// with one lookup. A class: it is taken from the cache with one retain.
final class PaywallLocaleChoice: Sendable {
    /// The `locale` member.
    let locale: RenderedPiece
    /// `remoteConfig` and `viewConfiguration` along the fallback order.
    let content: RenderedPiece
    let formattingLocale: LanguageTag?
    /// For each product the paywall offers (that the snapshot has), the locale of its title, and the
    /// position of its price when the user's country has none.
    let titleLocales: [String?]
    let localePrices: [Int?]
    /// For each of those products, the offer last rendered for it and the price position it is for:
    /// the users of one choice mostly come from one country. One per product, so the cost is known.
    private let lastOffers: Mutex<[(price: Int?, offer: RenderedPiece)?]>

    init(locale: RenderedPiece, content: RenderedPiece, formattingLocale: LanguageTag?, titleLocales: [String?], localePrices: [Int?],
         products: [Product]) {
        self.locale = locale
        self.content = content
        self.formattingLocale = formattingLocale
        self.titleLocales = titleLocales
        self.localePrices = localePrices
        lastOffers = Mutex(Array(repeating: nil, count: products.count))
    }

    /// The offers for `prices` (a price position per product), rendered by `render` unless they were
    /// the last ones.
    func offers(at prices: [Int?], _ render: (_ product: Int, _ price: Int?) -> RenderedPiece) -> [RenderedPiece] {
        var offers: [RenderedPiece] = []
        offers.reserveCapacity(prices.count)
        lastOffers.withLock { last in
            for (product, price) in prices.enumerated() {
                guard let kept = last[product], kept.price == price else { break }
                offers.append(kept.offer)
            }
        }
        guard offers.count < prices.count else { return offers }
        for product in offers.count..<prices.count {
            offers.append(render(product, prices[product]))
        }
        lastOffers.withLock { last in
            for (product, price) in prices.enumerated() { last[product] = (price, offers[product]) }
        }
        return offers
    }

    /// The bytes it holds, counting its content and its last offers.
    var cost: Int {
        locale.cost + content.cost + 480 * titleLocales.count + 256
    }
}
