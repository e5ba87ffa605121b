import LocaleKit
import PaywallModel

extension PlacementPage {
    /// One card per requested locale, as the app would show the bundle: `lang` and `dir` of the matched localization
    /// as ICU knows it, each string with the localization it came from (`data-from`; those of another marked and
    /// labelled as fallbacks).
    func cardsSection(_ bundles: [(Card, BundleView)], _ html: inout HTML) {
        html.element("h2", text: "What users see")
        html.element("div", ["class": "cards"]) { html in
            for (card, bundle) in bundles { self.card(card, bundle, &html) }
        }
    }

    /// `lang` and `dir` of a localization, from ICU: nil for a key ICU cannot read.
    static func language(of locale: String) -> (lang: String, dir: String)? {
        guard let tag = try? LanguageTag(parsing: locale) else { return nil }
        return (tag.identifier, tag.maximized.isRightToLeft ? "rtl" : "ltr")
    }

    private func card(_ card: Card, _ bundle: BundleView, _ html: inout HTML) {
        let language = Self.language(of: bundle.matched)
        html.element("article", ["class": "card", "data-locale": card.label, "data-matched": bundle.matched, "data-result": bundle.result,
                                 "lang": language?.lang ?? "", "dir": language?.dir ?? "auto",
                                 "aria-label": "\(card.label): \(bundle.result) \(bundle.matched)"]) { html in
            // The card's own words are the console's: English, left to right, whatever the card's language.
            html.element("header", ["lang": "en", "dir": "ltr"]) { html in
                html.element("h3") { $0.isolated(card.label) }
                html.element("p") { html in
                    html.text("\(bundle.result): ")
                    html.element("code") { $0.isolated(bundle.matched) }
                    html.text(" · variation ")
                    html.isolated(bundle.variationID)
                }
                let mixed = bundle.mixedLanguages
                if !mixed.isEmpty {
                    html.element("p", ["class": "flag", "data-mixed": mixed.joined(separator: " ")],
                                 text: "Mixes languages: strings in \(mixed.joined(separator: ", "))")
                }
            }
            for strings in bundle.strings { stringList(strings, matched: bundle.matched, &html) }
            products(bundle, &html)
            if let onboarding = bundle.onboarding { onboardingFields(onboarding, &html) }
            if let config = bundle.remoteConfig {
                html.element("h4", ["lang": "en", "dir": "ltr"], text: "Remote config")
                html.element("pre", ["dir": "ltr"], text: config.rendered(pretty: true))
            }
        }
    }

    private func stringList(_ strings: BundleView.Strings, matched: String, _ html: inout HTML) {
        if let title = strings.title { html.element("h4", ["lang": "en", "dir": "ltr"]) { $0.isolated(title) } }
        html.element("dl") { html in
            for (key, value, from) in strings.values {
                let isFallback = from != matched
                html.element("div", ["class": isFallback ? "string fallback" : "string", "data-key": key, "data-from": from]) { html in
                    html.element("dt") { $0.isolated(key) }
                    html.element("dd") { html in
                        html.isolated(BundleView.text(value))
                        // Those of the matched localization say nothing more: the card's header names it.
                        guard isFallback else { return }
                        html.element("span", ["class": "from", "lang": "en", "dir": "ltr"]) { html in
                            html.text("fallback from ")
                            html.isolated(from)
                        }
                    }
                }
            }
        }
    }

    private func products(_ bundle: BundleView, _ html: inout HTML) {
        let products = bundle.products
        guard !products.isEmpty else { return }
        html.element("h4", ["lang": "en", "dir": "ltr"], text: "Products")
        html.element("ul") { html in
            for (paywall, product) in products {
                let string = { (key: String) in product[key]?.stringValue }
                html.element("li", ["data-product": string("vendorProductId") ?? "", "data-price": string("localizedPrice") ?? ""]) { html in
                    html.isolated(string("localizedTitle") ?? string("vendorProductId") ?? "")
                    html.text(": ")
                    html.element("strong") { $0.isolated(string("localizedPrice") ?? "no price") }
                    if let period = string("localizedSubscriptionPeriod") {
                        html.text(" / ")
                        html.isolated(period)
                    }
                    if let trial = string("localizedTrialPeriod") {
                        html.text(" · trial ")
                        html.isolated(trial)
                    }
                    if let paywall {
                        html.element("span", ["class": "from", "lang": "en", "dir": "ltr"]) { html in
                            html.text("on ")
                            html.isolated(paywall)
                        }
                    }
                }
            }
        }
    }

    private func onboardingFields(_ onboarding: JSONObject, _ html: inout HTML) {
        html.element("dl", ["lang": "en", "dir": "ltr"]) { html in
            for key in ["name", "configUrl", "acceptLanguage"] {
                guard let value = onboarding[key]?.stringValue else { continue }
                html.element("div", ["data-field": key]) { html in
                    html.element("dt", text: key)
                    html.element("dd") { $0.isolated(value) }
                }
            }
        }
    }
}
