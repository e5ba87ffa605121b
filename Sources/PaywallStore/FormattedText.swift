/// A price or period formatted at import for one locale (see `Schema.version5`), stored as given: the
/// store neither formats nor reads it.
public struct FormattedText: Sendable, Equatable {
    /// The formatting locale's canonical tag (`pt-BR`).
    public let locale: String
    /// What is formatted (`price BRL 49.90`).
    public let key: String
    public let text: String

    public init(locale: String, key: String, text: String) {
        self.locale = locale
        self.key = key
        self.text = text
    }
}
