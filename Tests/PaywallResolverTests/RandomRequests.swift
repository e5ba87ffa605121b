import FixtureSupport
import LocaleKit
import PaywallResolver

/// Requests drawn at random from a seed: placements known and not, locales valid, odd and invalid,
/// profiles, user contexts, modes and sources, so that two ways of answering can be compared over far
/// more combinations than tests could name.
struct RandomRequests {
    static let locales = [
        "pt_BR", "pt-br", "PT-BR", "pt", "pt-PT", "pt-AO", "zh-TW", "zh-HK", "zh-Hant-HK", "zh-CN", "zh", "zh-Hans", "es-MX", "es-AR",
        "es-419", "es-ES", "es", "de-AT", "de", "de-CH", "fr-CA", "fr", "ja", "ja-JP", "en", "en-US", "en-GB", "en-AU", "sr-Latn-RS", "sr",
        "iw-IL", "he", "ar", "ar-EG", "fa", "ur", "nb", "no-NO", "nn", "no", "ko", "ru", "tr", "it", "nl", "sv", "fil", "tl", "in", "sh",
        "mo", "und", "und-TW", "x-bork", "en-XA", "de_DE@currency=EUR", "en-US-u-nu-arab", "ar-EG-u-nu-latn",
        // Never usable: skipped with a warning.
        "", "pt--br", "english", "12", String(repeating: "junk-", count: 60),
    ]
    static let countries = ["BR", "br", "US", "DE", "PT", "JP", "CN", "TW", "RU", "MX", "EG", "NO", "ZZ"]

    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(state: seed)
    }

    /// A request for one of `placements` (or, now and then, for one no snapshot has), answered by
    /// the first source with it or by one of `sources` (or by one there is no snapshot of).
    mutating func next(placements: [String], sources: [String]) -> ResolutionRequest {
        let placement = chance(10) ? pick(["nope", String(placements.randomElement(using: &generator)!.dropLast()), ""])
            : placements.randomElement(using: &generator)!
        let locales = (0..<pick([0, 1, 1, 1, 2, 3])).map { _ in pick(Self.locales) }
        let context = UserContext(country: chance(50) ? pick(Self.countries) : nil, platform: chance(30) ? pick(["ios", "android", "web"]) : nil,
                                  appVersion: chance(30) ? pick(["1.9", "2.0.0", "2.14.1", "3.2.0", "3.10", "10"]) : nil,
                                  attributionSources: chance(20) ? [pick(["apple_ads", "facebook_ads", "organic"])] : [],
                                  attributes: chance(20) ? ["plan": pick(["free", "expired_monthly", "pro"])] : [:])
        let source: String? = chance(15) ? (chance(30) ? "no-such-source" : pick(sources)) : nil
        return ResolutionRequest(placementID: placement, locales: locales, mode: pick([.cldr, .cldr, .cldr, .adapty, .icu]), context: context,
                                 defaultAudienceOnly: chance(10), profileID: chance(70) ? "profile-\(generator.next() % 500)" : nil,
                                 source: source)
    }

    private mutating func chance(_ percent: UInt64) -> Bool {
        generator.next() % 100 < percent
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements.randomElement(using: &generator)!
    }
}
