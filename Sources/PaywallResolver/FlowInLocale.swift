import LocaleKit
import PaywallModel

/// How the fallback file for one locale carries a flow. A flow holds every language and the file
/// keeps them all; what it changes is what the vendor's SDKs take when they do not match locales
/// themselves:
/// - `remote_configs`: the locale's best match (`cldr`, as `resolve` chooses) goes first, the others
///   follow in their order, since the Unity SDK's single `RemoteConfig` returns the first;
/// - each layout's `default_localization`: it becomes the localization matched for the locale, whose
///   strings and assets are merged along the chain as `resolve` merges them. The SDKs look the device
///   locale up by exact id and use the default on a miss (`pt_BR`, `de-AT`), filling missing strings
///   from the default: so a miss lands on the right language, and nothing is missing from it.
/// A flow whose match is already first and already each layout's default is carried as it was, so
/// the file for the flow's default locale holds the flow as imported.
struct FlowInLocale {
    /// A layout whose default localization changes.
    struct RewrittenLayout {
        /// The localization matched for the locale, as spelled: the layout's new `default_localization`.
        let locale: String
        /// The strings and assets it is given, merged along the chain (its direction stays its own).
        let content: LocalizedContent
    }

    /// Indices into the flow's remote configs, in the order the file lists them.
    let remoteConfigOrder: [Int]
    /// By layout id; a layout not listed is written as it is.
    let rewrittenLayouts: [String: RewrittenLayout]

    init(_ flow: Flow, locale: String, policy: LocalePolicy) {
        func fallbackOrder(of locales: [String], defaultLocale: String) -> [Int] {
            LocaleMatcher(available: locales, defaultLocale: defaultLocale, mode: .cldr, policy: policy).match([locale]).fallbackOrder
        }
        let configs = flow.remoteConfigs.indices
        if let first = fallbackOrder(of: flow.remoteConfigs.map(\.locale), defaultLocale: flow.defaultLocale).first {
            remoteConfigOrder = [first] + configs.filter { $0 != first }
        } else {
            remoteConfigOrder = Array(configs)
        }
        var rewritten: [String: RewrittenLayout] = [:]
        for layout in flow.layouts {
            let defaultLocale = layout.defaultLocale ?? flow.defaultLocale
            let chain = fallbackOrder(of: layout.localizations.map(\.locale), defaultLocale: defaultLocale).map { layout.localizations[$0] }
            guard let matched = chain.first?.locale, matched != defaultLocale else { continue }
            rewritten[layout.id] = RewrittenLayout(locale: matched, content: LocalizedContent(merging: chain, view: nil))
        }
        rewrittenLayouts = rewritten
    }

    /// Whether the file carries the flow's remote configs in another order than the flow's.
    var reordersRemoteConfigs: Bool {
        remoteConfigOrder != Array(remoteConfigOrder.indices)
    }
}
