extension Dictionary {
    /// The elements by key; on a duplicate key the first element counts, as lookups elsewhere do.
    init(_ elements: [Value], firstBy key: (Value) -> Key) {
        self.init(elements.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
