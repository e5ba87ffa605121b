extension Change {
    /// Paywalls by id, and their localizations.
    static func paywalls(from old: [Paywall], to new: [Paywall]) -> [Change] {
        matching(old, new, by: \.id, item: Item.paywall) { paywall, old, new in
            localizations(from: old.localizations, to: new.localizations, of: .paywall(paywall))
        }
    }
}
