extension Change {
    /// Products by id and their prices by country.
    static func products(from old: [Product], to new: [Product]) -> [Change] {
        matching(old, new, by: \.id, item: Item.product) { product, old, new in
            let olds = [String: Price](old.prices, firstBy: \.country)
            let news = [String: Price](new.prices, firstBy: \.country)
            return Set(olds.keys).union(news.keys).sorted().compactMap { country in
                olds[country] == news[country] ? nil : .price(product: product, country: country, from: olds[country], to: news[country])
            }
        }
    }
}
