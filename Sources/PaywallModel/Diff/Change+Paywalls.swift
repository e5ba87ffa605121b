extension Change {
    /// Paywalls by id and, per locale as the export spells it, their localizations and string ids.
    static func paywalls(from old: [Paywall], to new: [Paywall]) -> [Change] {
        matching(old, new, by: \.id, item: Item.paywall) { paywall, old, new in
            matching(old.localizations, new.localizations, by: \.locale,
                     item: { .localization(paywall: paywall, locale: $0) }) { locale, old, new in
                stringChanges(of: paywall, in: locale, from: old.strings, to: new.strings)
            }
        }
    }

    private static func stringChanges(of paywall: String, in locale: String, from old: JSONObject, to new: JSONObject) -> [Change] {
        let olds = [String: JSONObject.Member](old.members, firstBy: \.key).mapValues(\.value)
        let news = [String: JSONObject.Member](new.members, firstBy: \.key).mapValues(\.value)
        let added = news.keys.filter { olds[$0] == nil }.sorted()
        let removed = olds.keys.filter { news[$0] == nil }.sorted()
        let changed = olds.compactMap { id, value in
            news[id].flatMap { $0.isEquivalent(to: value) ? nil : id }
        }.sorted()
        if added.isEmpty && removed.isEmpty && changed.isEmpty { return [] }
        return [.strings(paywall: paywall, locale: locale, added: added, removed: removed, changed: changed)]
    }
}
