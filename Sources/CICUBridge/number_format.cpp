// Prices and subscription periods through icu::number::LocalizedNumberFormatter (C++ only).
#include "CICUBridge.h"

#include <new>
#include <utility>

#include <unicode/currunit.h>
#include <unicode/locid.h>
#include <unicode/measunit.h>
#include <unicode/numberformatter.h>
#include <unicode/ucurr.h>
#include <unicode/ustring.h>

using icu::number::LocalizedNumberFormatter;
using icu::number::NumberFormatter;

struct PWNumberFormatter {
    LocalizedNumberFormatter formatter;
};

namespace {

bool isUpperASCII(char c) { return c >= 'A' && c <= 'Z'; }

bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// Digits, optionally followed by `.` and digits: what exports hold. ICU would also take signs,
/// exponents and `NaN`, none of which is a price.
bool isPlainDecimal(const char *text, int32_t length) {
    int32_t i = 0;
    while (i < length && isDigit(text[i])) i++;
    if (i == 0) return false;
    if (i == length) return true;
    if (text[i] != '.' || i + 1 == length) return false;
    for (i++; i < length; i++) {
        if (!isDigit(text[i])) return false;
    }
    return true;
}

/// `icu::CurrencyUnit` upper-cases its input and keeps only three characters, and formats any
/// well-formed code: the code must be checked before it gets there.
bool isKnownCurrency(const char *code, UChar isoCode[4]) {
    for (int i = 0; i < 3; i++) {
        if (!isUpperASCII(code[i])) return false;
        isoCode[i] = static_cast<UChar>(code[i]);
    }
    if (code[3] != '\0') return false;
    isoCode[3] = 0;
    UErrorCode status = U_ZERO_ERROR;
    return ucurr_isAvailable(isoCode, U_DATE_MIN, U_DATE_MAX, &status) && U_SUCCESS(status);
}

PWFormatStatus makeFormatter(LocalizedNumberFormatter formatter, PWNumberFormatter **made) {
    UErrorCode status = U_ZERO_ERROR;
    if (formatter.copyErrorTo(status)) return PWFormatICUFailure;
    *made = new (std::nothrow) PWNumberFormatter{std::move(formatter)};
    return *made != nullptr ? PWFormatOK : PWFormatICUFailure;
}

bool measureUnit(PWPeriodUnit unit, icu::MeasureUnit &measure) {
    switch (unit) {
    case PWPeriodUnitDay: measure = icu::MeasureUnit::getDay(); return true;
    case PWPeriodUnitWeek: measure = icu::MeasureUnit::getWeek(); return true;
    case PWPeriodUnitMonth: measure = icu::MeasureUnit::getMonth(); return true;
    case PWPeriodUnitYear: measure = icu::MeasureUnit::getYear(); return true;
    }
    return false;
}

PWFormatStatus copyResult(const icu::number::FormattedNumber &formatted, UErrorCode status, char *buffer,
                          int32_t capacity, int32_t *length) {
    *length = 0;
    if (U_FAILURE(status)) return PWFormatICUFailure;
    icu::UnicodeString text = formatted.toTempString(status);
    if (U_FAILURE(status)) return PWFormatICUFailure;
    u_strToUTF8(buffer, capacity, length, text.getBuffer(), text.length(), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return PWFormatBufferTooSmall;
    return U_SUCCESS(status) ? PWFormatOK : PWFormatICUFailure;
}

}  // namespace

extern "C" PWFormatStatus pw_currency_formatter_create(const char *locale_tag, const char *currency_code,
                                                       PWNumberFormatter **formatter) {
    UChar isoCode[4];
    if (!isKnownCurrency(currency_code, isoCode)) return PWFormatInvalidCurrency;
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale = icu::Locale::forLanguageTag(locale_tag, status);
    if (U_FAILURE(status)) return PWFormatInvalidLocale;
    icu::CurrencyUnit currency(isoCode, status);
    if (U_FAILURE(status)) return PWFormatInvalidCurrency;
    return makeFormatter(NumberFormatter::withLocale(locale).unit(currency), formatter);
}

extern "C" PWFormatStatus pw_period_formatter_create(const char *locale_tag, PWPeriodUnit unit,
                                                     PWNumberFormatter **formatter) {
    icu::MeasureUnit measure;
    if (!measureUnit(unit, measure)) return PWFormatInvalidUnit;
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale = icu::Locale::forLanguageTag(locale_tag, status);
    if (U_FAILURE(status)) return PWFormatInvalidLocale;
    return makeFormatter(NumberFormatter::withLocale(locale).unit(measure).unitWidth(UNUM_UNIT_WIDTH_FULL_NAME), formatter);
}

extern "C" void pw_number_formatter_destroy(PWNumberFormatter *formatter) { delete formatter; }

extern "C" PWFormatStatus pw_number_formatter_format_decimal(const PWNumberFormatter *formatter, const char *amount,
                                                             int32_t amount_length, char *buffer, int32_t capacity,
                                                             int32_t *length) {
    *length = 0;
    if (!isPlainDecimal(amount, amount_length)) return PWFormatInvalidAmount;
    UErrorCode status = U_ZERO_ERROR;
    icu::number::FormattedNumber formatted =
        formatter->formatter.formatDecimal(icu::StringPiece(amount, amount_length), status);
    return copyResult(formatted, status, buffer, capacity, length);
}

extern "C" PWFormatStatus pw_number_formatter_format_integer(const PWNumberFormatter *formatter, int64_t count,
                                                             char *buffer, int32_t capacity, int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    icu::number::FormattedNumber formatted = formatter->formatter.formatInt(count, status);
    return copyResult(formatted, status, buffer, capacity, length);
}
