extension Change {
    /// The changes between two versions of a collection whose elements have ids, in ascending id
    /// order: an added or removed `item` for an id only one version has, and what `compare` finds for
    /// an id both have. On a duplicate id the first element counts.
    static func matching<Element>(_ old: [Element], _ new: [Element], by id: (Element) -> String,
                                  item: (String) -> Item,
                                  compare: (String, Element, Element) -> [Change]) -> [Change] {
        let olds = [String: Element](old, firstBy: id)
        let news = [String: Element](new, firstBy: id)
        return Set(olds.keys).union(news.keys).sorted().flatMap { key -> [Change] in
            guard let oldElement = olds[key] else { return [.added(item(key))] }
            guard let newElement = news[key] else { return [.removed(item(key))] }
            return compare(key, oldElement, newElement)
        }
    }
}
