import CICUBridge

/// An ICU number formatter for one locale and one unit: a currency, or a period unit with full names.
final class ICUNumberFormatter: @unchecked Sendable {
    // @unchecked: the handle is only read after construction; ICU documents LocalizedNumberFormatter
    // as immutable and thread-safe.
    private let handle: OpaquePointer
    private let locale: String

    init(currency: String, locale: LanguageTag) throws(ProductFormattingError) {
        var made: OpaquePointer?
        let status = locale.identifier.withCString { tag in
            currency.withCString { pw_currency_formatter_create(tag, $0, &made) }
        }
        if status == PWFormatInvalidCurrency { throw .invalidCurrency(currency) }
        guard status == PWFormatOK, let made else { throw .icuFailure(locale: locale.identifier) }
        handle = made
        self.locale = locale.identifier
    }

    init(unit: PeriodUnit, locale: LanguageTag) throws(ProductFormattingError) {
        var made: OpaquePointer?
        let status = locale.identifier.withCString { pw_period_formatter_create($0, unit.bridged, &made) }
        guard status == PWFormatOK, let made else { throw .icuFailure(locale: locale.identifier) }
        handle = made
        self.locale = locale.identifier
    }

    deinit { pw_number_formatter_destroy(handle) }

    /// `amount`, a decimal string, formatted exactly (never through a binary floating point number).
    func format(decimal amount: String) throws(ProductFormattingError) -> String {
        var amount = amount
        let (status, text) = amount.withUTF8 { digits in
            guard let count = Int32(exactly: digits.count) else { return (PWFormatInvalidAmount, "") }
            return digits.withMemoryRebound(to: CChar.self) { digits in
                formatted { pw_number_formatter_format_decimal(handle, digits.baseAddress, count, $0, $1, $2) }
            }
        }
        if status == PWFormatInvalidAmount { throw .invalidAmount(amount) }
        guard status == PWFormatOK else { throw .icuFailure(locale: locale) }
        return text
    }

    func format(integer count: Int) throws(ProductFormattingError) -> String {
        let (status, text) = formatted { pw_number_formatter_format_integer(handle, Int64(count), $0, $1, $2) }
        guard status == PWFormatOK else { throw .icuFailure(locale: locale) }
        return text
    }

    /// Runs `write` into a buffer, and again into a larger one when the text did not fit.
    private func formatted(
        _ write: (UnsafeMutablePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>) -> PWFormatStatus
    ) -> (PWFormatStatus, String) {
        var capacity = 64
        while true {
            var status = PWFormatOK
            var length: Int32 = 0
            let text = String(unsafeUninitializedCapacity: capacity) { bytes in
                status = bytes.withMemoryRebound(to: CChar.self) { write($0.baseAddress, Int32($0.count), &length) }
                return status == PWFormatOK ? Int(length) : 0
            }
            guard status == PWFormatBufferTooSmall else { return (status, text) }
            capacity = Int(length) + 1
        }
    }
}
