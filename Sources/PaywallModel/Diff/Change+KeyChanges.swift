extension Change.KeyChanges {
    /// What differs between two versions of an object, values compared as data; nil when nothing does.
    /// On a duplicate key the first member counts.
    init?(from old: JSONObject, to new: JSONObject) {
        let olds = [String: JSONObject.Member](old.members, firstBy: \.key).mapValues(\.value)
        let news = [String: JSONObject.Member](new.members, firstBy: \.key).mapValues(\.value)
        added = news.keys.filter { olds[$0] == nil }.sorted()
        removed = olds.keys.filter { news[$0] == nil }.sorted()
        changed = olds.compactMap { key, value in
            news[key].flatMap { $0.isEquivalent(to: value) ? nil : key }
        }.sorted()
        if added.isEmpty && removed.isEmpty && changed.isEmpty { return nil }
    }
}
