import LocaleKit
import PaywallModel
import PaywallResolver

/// `/console/placements/{id}`: what users of several locales get at one placement, side by side, each card the
/// bundle the JSON route answers for the same request; the device locales as a matrix; why; and where the
/// vendor's own locale rule picks otherwise.
public struct PlacementPage {
    /// The cards shown when the request names no locale.
    public static let defaultCardLocales = ["en-US", "pt-BR", "ar-EG", "zh-TW"]
    /// Cards on one page, at most.
    public static let maximumCards = 8

    /// What the page's form and query say (docs/contracts.md, the console).
    public struct Query: Sendable {
        public var placementID: String
        /// One card each, as requested.
        public var locales: [String] = []
        /// An Accept-Language list as a device sends it: one more card, for all of it.
        public var device: String?
        public var country: String?
        public var profileID: String?
        public var mode: String?
        public var source: String?

        public init(placementID: String) {
            self.placementID = placementID
        }
    }

    public let query: Query
    public let snapshots: CompiledSnapshots
    public let deviceLocales: [String]
    /// The server's origin as the request named it (`http://127.0.0.1:8080`), for the curl line.
    public let origin: String
    /// Whether the bundle route needs a token here, for the curl line.
    public let needsToken: Bool

    public init(query: Query, snapshots: CompiledSnapshots, deviceLocales: [String], origin: String, needsToken: Bool) {
        self.query = query
        self.snapshots = snapshots
        self.deviceLocales = deviceLocales
        self.origin = origin
        self.needsToken = needsToken
    }

    /// One card's request: the locales as the card's label shows them, and the request resolved.
    struct Card {
        let label: String
        let request: ResolutionRequest
    }

    public var rendered: ConsolePage {
        let cards: [Card]
        do throws(RequestProblem) {
            cards = try cardRequests()
        } catch {
            return .problem(status: 400, title: "Cannot preview this",
                            message: "invalid value '\(error.value.prefix(64))' for \(Self.name(of: error.field)): expected \(error.expected)")
        }
        var bundles: [(Card, BundleView)] = []
        for card in cards {
            do throws(ResolutionError) {
                bundles.append((card, BundleView(try snapshots.resolve(card.request))))
            } catch {
                let status = if case .unknownPlacement = error { 404 } else { 422 }
                let closest = error.closest.isEmpty ? "" : "; did you mean \(error.closest.map { "'\($0)'" }.joined(separator: ", "))?"
                return .problem(status: status, title: "Cannot preview this", message: error.description + closest)
            }
        }
        return ConsolePage(title: query.placementID) { html in
            form(&html)
            html.element("p") { html in
                html.element("a", ["href": ConsoleLinks.path("/console/report", query: [("placement", query.placementID)])], text: "The experiment's report")
            }
            cardsSection(bundles, &html)
            comparisonSection(bundles, &html)
            whySection(bundles, &html)
            matrixSection(&html)
        }
    }

    /// The cards' requests, each checked as the JSON route checks its query.
    private func cardRequests() throws(RequestProblem) -> [Card] {
        let labels = query.locales.isEmpty && query.device == nil ? Self.defaultCardLocales : query.locales
        var cards: [Card] = []
        for label in labels { cards.append(Card(label: label, request: try request(locales: [label]))) }
        if let device = query.device, !device.isEmpty { cards.append(Card(label: device, request: try request(locales: [device]))) }
        return cards
    }

    /// The bundle route's request for `locales` and the page's other fields; `mode` replaces the page's.
    func request(locales: [String], mode: String? = nil) throws(RequestProblem) -> ResolutionRequest {
        try ResolutionRequest(placementID: query.placementID, locales: locales, country: query.country, platform: nil, appVersion: nil,
                              attributionSources: [], attributes: [], profileID: query.profileID, defaultAudienceOnly: false,
                              mode: mode ?? query.mode, source: query.source)
    }

    private static func name(of field: RequestProblem.Field) -> String {
        switch field {
        case .placement: "the placement id"
        case .locale: "locales"
        case .appVersion: "app_version"
        case .attribute: "attr."
        case .profileID: "profile_id"
        case .mode: "mode"
        }
    }

    /// The GET form of a device: its locales (one card each), an Accept-Language list, the country, the profile, the mode.
    private func form(_ html: inout HTML) {
        html.element("form", ["class": "filters", "method": "get", "action": ConsoleLinks.placement(query.placementID)]) { html in
            field("Cards: locales, comma-separated", name: "locales", value: query.locales.joined(separator: ","), &html)
            field("Device preferences (Accept-Language)", name: "device", value: query.device ?? "", &html)
            field("Country", name: "country", value: query.country ?? "", &html)
            field("Profile id", name: "profile_id", value: query.profileID ?? "", &html)
            html.element("label") { html in
                html.text("Locale rule")
                html.element("select", ["name": "mode"]) { html in
                    for mode in MatchMode.allCases {
                        html.element("option", ["value": mode.rawValue, "selected": (query.mode ?? "cldr") == mode.rawValue ? "" : nil], text: mode.rawValue)
                    }
                }
            }
            if let source = query.source { html.open("input", ["type": "hidden", "name": "source", "value": source]) }
            html.element("button", ["type": "submit"], text: "Preview")
        }
    }

    private func field(_ label: String, name: String, value: String, _ html: inout HTML) {
        html.element("label") { html in
            html.text(label)
            html.open("input", ["type": "text", "name": name, "value": value])
        }
    }
}
