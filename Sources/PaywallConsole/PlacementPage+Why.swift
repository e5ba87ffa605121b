import LocaleKit
import PaywallModel
import PaywallResolver

extension PlacementPage {
    /// For each card: the resolver's own account of its decision, the snapshot and the `ETag` the JSON route sends,
    /// and the curl line that gets the same bundle.
    func whySection(_ bundles: [(Card, BundleView)], _ html: inout HTML) {
        html.element("h2", text: "Why")
        for (card, bundle) in bundles {
            html.element("section", ["data-why": card.label, "aria-label": "Why \(card.label)"]) { html in
                html.element("h3") { $0.isolated(card.label) }
                html.element("ul") { html in
                    html.element("li") { html in
                        html.text("Audience ")
                        html.isolated(bundle.audience)
                        html.text(", variation ")
                        html.isolated(bundle.variationID)
                    }
                    html.element("li") { html in
                        html.text("Locale chain: ")
                        html.isolated(bundle.chain.joined(separator: " → "))
                    }
                    html.element("li") { html in
                        html.text("Snapshot ")
                        html.element("code") { $0.isolated(bundle.snapshotID) }
                        if let tag = try? snapshots.renderedBundle(card.request).entityTag {
                            html.text(", ETag ")
                            html.element("code", ["data-etag": tag]) { $0.isolated(tag) }
                        }
                    }
                    for line in bundle.explanation { html.element("li") { $0.isolated(line) } }
                }
                html.element("pre", ["dir": "ltr"]) { $0.element("code", text: curlLine(locales: card.label)) }
            }
        }
    }

    /// `curl` of the bundle route for the card: the URL's values percent-encoded, and the origin one a shell
    /// reads as it is (else a placeholder), so that the line is safe to paste.
    private func curlLine(locales: String) -> String {
        let target = ConsoleLinks.path("/v1/placements/\(ConsoleLinks.encoded(query.placementID))/bundle", query: [
            ("locale", locales), ("country", query.country), ("profile_id", query.profileID), ("mode", query.mode), ("source", query.source),
        ])
        let safeOrigin = origin.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "]"): true
            default: false
            }
        }
        let token = needsToken ? #"-H "Authorization: Bearer $PAYWALLS_TOKEN" "# : ""
        return "curl \(token)'\(safeOrigin ? origin : "http://HOST:PORT")\(target)'"
    }

    /// Ours beside the vendor's rule (`mode=adapty`; `cldr` when the page already shows adapty's): where the two
    /// match another localization, or give other strings.
    func comparisonSection(_ bundles: [(Card, BundleView)], _ html: inout HTML) {
        let ours = query.mode ?? MatchMode.cldr.rawValue
        let theirs = ours == MatchMode.adapty.rawValue ? MatchMode.cldr.rawValue : MatchMode.adapty.rawValue
        html.element("h2", text: "Compared with mode=\(theirs)")
        html.element("table") { html in
            html.columnHeadings(["Locale", "mode=\(ours)", "mode=\(theirs)", "Strings that differ"])
            html.element("tbody") { html in
                for (card, bundle) in bundles {
                    guard let other = try? snapshots.resolve(request(locales: [card.label], mode: theirs)) else { continue }
                    let vendor = BundleView(other)
                    let differing = Self.differingKeys(bundle, vendor)
                    let differs = bundle.matched != vendor.matched || !differing.isEmpty
                    html.element("tr", ["data-locale": card.label, "data-ours": bundle.matched, "data-vendor": vendor.matched,
                                        "data-differs": differs ? "true" : "false", "class": differs ? "differs" : nil]) { html in
                        html.element("th", ["scope": "row"]) { $0.isolated(card.label) }
                        html.element("td") { $0.isolated("\(bundle.result): \(bundle.matched)") }
                        html.element("td") { $0.isolated("\(vendor.result): \(vendor.matched)") }
                        html.element("td") { html in
                            guard !differing.isEmpty else { return html.text(differs ? "none (another localization, the same strings)" : "none") }
                            html.isolated(differing.joined(separator: ", "))
                        }
                    }
                }
            }
        }
    }

    /// The string keys whose values differ between two bundles of one placement.
    private static func differingKeys(_ one: BundleView, _ other: BundleView) -> [String] {
        let theirs = Dictionary(other.strings.flatMap(\.values).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        return one.strings.flatMap(\.values).compactMap { key, value, _ in theirs[key] == value ? nil : key }
    }
}
