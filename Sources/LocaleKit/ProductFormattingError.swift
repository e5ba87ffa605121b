/// Why a price or a period could not be formatted. The description is meant for people.
public enum ProductFormattingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not an ISO 4217 code ICU knows, in upper case (`BRL`).
    case invalidCurrency(String)
    /// Not a plain decimal amount (`49.90`): no sign, no exponent, no grouping.
    case invalidAmount(String)
    /// ICU could not build or run a formatter for this locale.
    case icuFailure(locale: String)

    public var description: String {
        switch self {
        case let .invalidCurrency(code):
            return "'\(LanguageTagError.printable(code))' is not an ISO 4217 currency code such as BRL"
        case let .invalidAmount(amount):
            return "'\(LanguageTagError.printable(amount))' is not a decimal amount such as 49.90"
        case let .icuFailure(locale):
            return "ICU could not format numbers for '\(locale)'"
        }
    }
}
