// The only door to ICU. Everything here is plain C: no ICU type may appear in this header, because
// Swift modules that import Foundation (which carries its own private ICU) also see it (docs/architecture.md).
#ifndef CICUBRIDGE_H
#define CICUBRIDGE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Capacity of every tag buffer the bridge fills, terminating NUL included. Longer results fail.
#define PW_TAG_CAPACITY 160
#define PW_SUBTAG_CAPACITY 16

typedef enum {
    PWLocaleOK = 0,
    /// Not well-formed BCP-47 (or legacy ICU id): `bad_offset` says where parsing stopped.
    PWLocaleMalformed = 1,
    /// Well-formed but longer than PW_TAG_CAPACITY once canonicalized.
    PWLocaleTooLong = 2,
    /// Well-formed, but the language subtag is not a 2 or 3 letter code (`english`).
    PWLocaleNotALanguage = 4,
    /// ICU reported an internal failure (out of memory, missing data).
    PWLocaleICUFailure = 3,
} PWLocaleStatus;

/// A locale identifier after strict parsing and full CLDR canonicalization.
typedef struct {
    /// Canonical BCP-47 of the whole input, variants and extensions kept (`de-DE-u-co-phonebk`).
    char tag[PW_TAG_CAPACITY];
    /// The input in BCP-47 syntax but not canonicalized (`sh` stays `sh`, `en_US@rg=gbzzzz` is
    /// `en-US-u-rg-gbzzzz`, `x-bork` is `und-x-bork`): what ICU's own APIs read when given the input.
    char as_written[PW_TAG_CAPACITY];
    /// Language subtag ("" for `und`), script and region ("" when absent), as canonicalized.
    char language[PW_SUBTAG_CAPACITY];
    char script[PW_SUBTAG_CAPACITY];
    char region[PW_SUBTAG_CAPACITY];
    /// Non-zero when the input carried variants or extensions (they never take part in matching).
    int32_t has_variants_or_extensions;
    /// Likely subtags added to language, script and region only (`pt-BR` -> `pt`, `Latn`, `BR`).
    char max_language[PW_SUBTAG_CAPACITY];
    char max_script[PW_SUBTAG_CAPACITY];
    char max_region[PW_SUBTAG_CAPACITY];
    /// Where parsing stopped, for PWLocaleMalformed.
    int32_t bad_offset;
} PWLocaleInfo;

/// Parses `input` (NUL-terminated; `_` accepted for `-`, any case) strictly: the whole input must be a
/// well-formed tag. Applies CLDR aliases (`iw` -> `he`, `sh` -> `sr-Latn`) and adds likely subtags.
PWLocaleStatus pw_locale_parse(const char *input, PWLocaleInfo *info);

/// Likely subtags removed (`zh-Hant-TW` -> `zh-TW`, `sr-Cyrl-RS` -> `sr`), as BCP-47; "" on failure.
/// Arguments are canonical subtags; `script` and `region` may be "".
void pw_locale_minimize(const char *language, const char *script, const char *region,
                        char minimized[PW_TAG_CAPACITY]);

/// The CLDR parent of a locale with a region, when CLDR names one explicitly (`es-MX` -> `es-419`,
/// `en-AU` -> `en-001`, `pt-AO` -> `pt-PT`, `zh-Hant-MO` -> `zh-Hant-HK`), and of a bare language (script
/// and region "") when CLDR names another language (`nb`, `nn` -> `no`). Writes "" when the parent is
/// the plain truncation. Arguments are canonical subtags; `script` may be "".
void pw_locale_explicit_parent(const char *language, const char *script, const char *region,
                               char parent[PW_TAG_CAPACITY]);

/// The language that stands for `language` in matching: its CLDR parent language when CLDR's matching
/// data makes the two one language (`nb` -> `no`), else `language` itself (`nn`, `pt`).
void pw_locale_matching_language(const char *language, char matching[PW_SUBTAG_CAPACITY]);

/// Non-zero when the locale's script is written right to left (`ar`, `he`, `fa`, `ur`), as
/// `icu::Locale::isRightToLeft` says. Arguments are canonical subtags (likely subtags added, ideally).
int32_t pw_locale_is_right_to_left(const char *language, const char *script, const char *region);

/// Capacity of a version string, terminating NUL included (ICU's U_MAX_VERSION_STRING_LENGTH).
#define PW_VERSION_CAPACITY 20

/// The version of the ICU library in use (`u_getVersion`), dotted with trailing zeros dropped: "72.1".
void pw_icu_version(char version[PW_VERSION_CAPACITY]);

/// How many locales ICU has data for (`uloc_countAvailable`).
int32_t pw_locale_available_count(void);

/// The `index`th locale ICU has data for, as BCP-47 (`uloc_getAvailable` + `uloc_toLanguageTag`).
/// Returns the tag's length, 0 (and "") when the index is out of range or the conversion fails.
int32_t pw_locale_available_tag(int32_t index, char tag[PW_TAG_CAPACITY]);

/// ISO 639 language codes (`uloc_getISOLanguages`) and ISO 3166 region codes (`uloc_getISOCountries`)
/// ICU knows, in ICU's order: static lists ending with NULL.
const char *const *pw_iso_languages(void);
const char *const *pw_iso_regions(void);

/// An `icu::LocaleMatcher`, immutable once built and safe to share between threads.
typedef struct PWICUMatcher PWICUMatcher;

typedef struct {
    /// Non-zero: `ULOCMATCH_FAVOR_SCRIPT` instead of the default favor-language.
    int32_t favor_script;
    /// Negative: ICU's default threshold. Otherwise the highest match distance (0..100) accepted.
    int32_t threshold_distance;
    /// NULL: ICU's default (the first supported locale). "": no default at all. Otherwise a tag.
    const char *default_tag;
} PWICUMatcherOptions;

/// Builds a matcher over `count` supported tags (BCP-47). Returns NULL when ICU fails.
PWICUMatcher *pw_icu_matcher_create(const char *const *supported, int32_t count,
                                    PWICUMatcherOptions options);
void pw_icu_matcher_destroy(PWICUMatcher *matcher);

/// The best supported locale for the desired list, in ICU's own terms:
/// returns the index of the supported locale, -1 when the matcher's default was chosen, -2 for no
/// match and no default. `desired_index` receives the index of the desired locale that won (or -1);
/// `combined` receives ICU's resolved locale (supported with the desired's region and extensions).
int32_t pw_icu_matcher_best(const PWICUMatcher *matcher, const char *const *desired, int32_t count,
                            int32_t *desired_index, char combined[PW_TAG_CAPACITY]);

/// An `icu::number::LocalizedNumberFormatter` for one locale and one unit (a currency or a time unit),
/// immutable once built and safe to share between threads.
typedef struct PWNumberFormatter PWNumberFormatter;

typedef enum {
    PWFormatOK = 0,
    /// The locale tag is not well-formed BCP-47.
    PWFormatInvalidLocale = 1,
    /// Not three upper-case ASCII letters, or not an ISO 4217 currency ICU knows.
    PWFormatInvalidCurrency = 2,
    /// Not a plain decimal: digits, optionally `.` and more digits (no sign, no exponent).
    PWFormatInvalidAmount = 3,
    /// The text did not fit: `length` holds the bytes it needs, terminating NUL excluded.
    PWFormatBufferTooSmall = 4,
    /// Not one of PWPeriodUnit.
    PWFormatInvalidUnit = 5,
    PWFormatICUFailure = 6,
} PWFormatStatus;

typedef enum {
    PWPeriodUnitDay = 0,
    PWPeriodUnitWeek = 1,
    PWPeriodUnitMonth = 2,
    PWPeriodUnitYear = 3,
} PWPeriodUnit;

/// A formatter of amounts in `currency_code` (`BRL`) for `locale_tag` (BCP-47), rounded to the
/// currency's digits. `*formatter` is set only on PWFormatOK.
PWFormatStatus pw_currency_formatter_create(const char *locale_tag, const char *currency_code,
                                            PWNumberFormatter **formatter);

/// A formatter of counts of `unit` with full unit names and their plural forms (`3 месяца`).
PWFormatStatus pw_period_formatter_create(const char *locale_tag, PWPeriodUnit unit, PWNumberFormatter **formatter);

void pw_number_formatter_destroy(PWNumberFormatter *formatter);

/// Formats the decimal text `amount` (`amount_length` bytes, no NUL needed) exactly, without binary
/// floating point, into `buffer` as NUL-terminated UTF-8. `length` receives the text's length in bytes.
PWFormatStatus pw_number_formatter_format_decimal(const PWNumberFormatter *formatter, const char *amount,
                                                  int32_t amount_length, char *buffer, int32_t capacity,
                                                  int32_t *length);

/// Formats `count` like pw_number_formatter_format_decimal.
PWFormatStatus pw_number_formatter_format_integer(const PWNumberFormatter *formatter, int64_t count, char *buffer,
                                                  int32_t capacity, int32_t *length);

#ifdef __cplusplus
}
#endif

#endif
