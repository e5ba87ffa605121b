import LocaleKit
import PaywallModel

/// What every file of a `FallbackFileSet` shares: the format version, the placements it holds, the
/// export's content by key, and the locale policy whose `cldr` chains localize it.
struct FallbackContent {
    let version: Int
    let revision: Int
    let exportedAt: String
    /// The placements to write, each with its default audience; all of kinds the version holds.
    let placements: [(placement: Placement, audience: Audience)]
    let paywalls: [String: Paywall]
    let onboardings: [String: Onboarding]
    let flows: [String: Flow]
    let products: [String: Product]
    let policy: LocalePolicy

    init(export: PaywallExport, version: Int, placements: [(placement: Placement, audience: Audience)], policy: LocalePolicy) {
        self.version = version
        revision = export.revision
        exportedAt = export.exportedAt
        self.placements = placements
        paywalls = Dictionary(export.paywalls, firstBy: \.key)
        onboardings = Dictionary(export.onboardings, firstBy: \.key)
        flows = Dictionary(export.flows, firstBy: \.key)
        products = Dictionary(export.products, firstBy: \.key)
        self.policy = policy
    }

    /// The paywall's localizations along the `cldr` chain of `locale`, most specific first.
    func chain(of paywall: Paywall, for locale: String) -> [Localization] {
        let available = paywall.localizations.map(\.locale)
        let match = LocaleMatcher(available: available, defaultLocale: paywall.defaultLocale, mode: .cldr, policy: policy).match([locale])
        return match.fallbackOrder.map { paywall.localizations[$0] }
    }

    /// The content keys of each placement's variations, by placement id and variation id: how a
    /// variation of the vendor's document finds what the model made of it.
    var contentKeys: [String: [String: String]] {
        Dictionary(placements, firstBy: { $0.placement.id }).mapValues { held in
            Dictionary(held.audience.variations, firstBy: \.variationID).mapValues(\.contentKey)
        }
    }

    /// The flows the placements show, each once, in the order first shown.
    var shownFlows: [Flow] {
        var seen: Set<String> = []
        return placements.filter { $0.placement.kind == .flow }.flatMap(\.audience.variations).compactMap { variation in
            seen.insert(variation.contentKey).inserted ? flows[variation.contentKey] : nil
        }
    }

    /// The products the placements' paywalls sell, each once.
    private var soldProducts: [Product] {
        var seen: Set<String> = []
        let keys = placements.flatMap { held -> [String] in
            held.audience.variations.flatMap { variation -> [String] in
                switch held.placement.kind {
                case .paywall: return paywalls[variation.contentKey]?.productKeys ?? []
                case .flow: return flows[variation.contentKey]?.paywalls.flatMap(\.productKeys) ?? []
                case .onboarding: return []
                }
            }
        }
        return keys.filter { seen.insert($0).inserted }.compactMap { products[$0] }
    }

    /// What the version has no place for, or fills in: the layouts of a flow past its first in format
    /// 10 (one UI schema per flow), and from format 9 the access level of products that name none.
    var warnings: [String] {
        var warnings: [String] = []
        if version < 11 {
            for flow in shownFlows where flow.layouts.count > 1 {
                let others = flow.layouts.dropFirst().map { "'\($0.id)'" }.joined(separator: ", ")
                warnings.append("flow '\(flow.id)': format 10 holds one UI schema per flow, its first layout's ('\(flow.layouts[0].id)'): \(others) left out")
            }
        }
        if version >= 9 {
            let unnamed = soldProducts.filter { $0.accessLevelID == nil }.map { "'\($0.vendorProductID)'" }
            if !unnamed.isEmpty {
                let shown = unnamed.prefix(3).joined(separator: ", ") + (unnamed.count > 3 ? " and \(unnamed.count - 3) more" : "")
                warnings.append("format \(version) requires each product's access level, which \(shown) name\(unnamed.count == 1 ? "s" : "") none: "
                                + "written as 'premium', the access level every vendor dashboard has")
            }
        }
        return warnings
    }
}
