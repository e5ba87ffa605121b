import LocaleKit
import PaywallModel

/// How completely each paywall and flow is translated, and what users of common device locales get
/// (issue 5): per localization, the strings of the default localization it has and those it misses;
/// per device locale, the localization the user gets and whether that is exact, a fallback or the
/// default. Onboardings are listed only: the vendor's web builder localizes them from the app's
/// `Accept-Language`, so the export holds no strings of theirs to count.
public struct CoverageReport: Sendable {
    public struct PaywallCoverage: Sendable {
        public let paywallID: String
        public let name: String
        public let strings: StringsCoverage
    }

    /// Whose strings a localization holds, to name it.
    public enum StringsOwner: Sendable, Equatable, CustomStringConvertible {
        case paywall(String)
        case layout(flow: String, layout: String)

        public var description: String {
            switch self {
            case let .paywall(id): return "paywall \(id)"
            case let .layout(flow, layout): return "flow \(flow) layout \(layout)"
            }
        }
    }

    public let paywalls: [PaywallCoverage]
    public let flows: [FlowCoverage]
    public let onboardings: [Onboarding]

    /// The least covered localization of all, paywalls' and flow layouts', for `--fail-under`.
    public var lowest: (owner: StringsOwner, coverage: LocalizationCoverage)? {
        let measured = paywalls.map { (StringsOwner.paywall($0.paywallID), $0.strings) }
            + flows.flatMap { flow in flow.layouts.map { (StringsOwner.layout(flow: flow.flowID, layout: $0.layoutID), $0.strings) } }
        return measured.flatMap { owner, strings in strings.localizations.map { (owner, $0) } }.min { $0.1.percent < $1.1.percent }
    }

    /// - Parameter placement: report only what it shows; everything in the export, in export order, when nil.
    public init(export: PaywallExport, shownBy placement: Placement? = nil, deviceLocales: [String], mode: MatchMode = .cldr,
                policy: LocalePolicy = .standard) {
        let shown = placement.map { Set($0.audiences.flatMap(\.variations).map(\.contentKey)) }
        /// Whether content of `kind` with `key` is reported: a placement shows one kind only.
        func reports(_ kind: PlacementKind, _ key: String) -> Bool {
            guard let placement, let shown else { return true }
            return placement.kind == kind && shown.contains(key)
        }
        paywalls = export.paywalls.filter { reports(.paywall, $0.key) }.map { paywall in
            let matcher = LocaleMatcher(available: paywall.localizations.map(\.locale), defaultLocale: paywall.defaultLocale,
                                        mode: mode, policy: policy)
            return PaywallCoverage(paywallID: paywall.id, name: paywall.name,
                                   strings: StringsCoverage(paywall.localizations, matcher: matcher, deviceLocales: deviceLocales))
        }
        flows = export.flows.filter { reports(.flow, $0.key) }.map { FlowCoverage($0, deviceLocales: deviceLocales, mode: mode, policy: policy) }
        onboardings = export.onboardings.filter { reports(.onboarding, $0.key) }
    }
}
