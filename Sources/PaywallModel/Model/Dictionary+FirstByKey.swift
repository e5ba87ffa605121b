extension Dictionary {
    /// The elements by key; on a duplicate key the first element counts, as the store's lookups do
    /// (a model built in code may repeat an id).
    public init(_ elements: [Value], firstBy key: (Value) -> Key) {
        self.init(elements.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
