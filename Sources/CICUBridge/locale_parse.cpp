// Strict parsing, CLDR canonicalization and likely subtags.
#include "CICUBridge.h"
#include "bridge_strings.h"

#include <unicode/localebuilder.h>
#include <unicode/locid.h>
#include <unicode/uloc.h>

using pwbridge::copyInto;

namespace {

bool isTagCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

/// ICU keyword lists, as Apple and Java locale identifiers carry them: `@calendar=gregorian;rg=gbzzzz`.
bool isKeywordCharacter(char c) {
    return isTagCharacter(c) || c == '=' || c == ';';
}

/// Every `;`-separated item of a keyword list is `key=value`, both non-empty. Returns the offset of
/// the first bad item, or -1.
int32_t badKeywordOffset(const char *keywords) {
    const char *item = keywords;
    while (true) {
        const char *end = std::strchr(item, ';');
        size_t length = end != nullptr ? static_cast<size_t>(end - item) : std::strlen(item);
        const char *equals = static_cast<const char *>(std::memchr(item, '=', length));
        if (equals == nullptr || equals == item || equals == item + length - 1 ||
            std::memchr(equals + 1, '=', length - static_cast<size_t>(equals + 1 - item)) != nullptr) {
            return static_cast<int32_t>(item - keywords);
        }
        if (end == nullptr) return -1;
        item = end + 1;
    }
}

/// ICU accepts 5-8 letter language subtags (BCP-47 reserves them); no such language exists, so a
/// language must be 2 or 3 letters, or empty for `und`.
bool isPlausibleLanguage(const char *language) {
    size_t length = std::strlen(language);
    return length == 0 || length == 2 || length == 3;
}

bool hasVariantsOrExtensions(const icu::Locale &locale) {
    if (locale.getVariant()[0] != '\0') return true;
    UErrorCode status = U_ZERO_ERROR;
    icu::StringEnumeration *keywords = locale.createKeywords(status);
    bool any = keywords != nullptr && keywords->count(status) > 0;
    delete keywords;
    return any;
}

/// Turns the input into an ICU locale id: the tag part (before any `@`) must parse as BCP-47 to its
/// last character; keywords after `@` must be `key=value` items. On failure, `bad_offset` is set.
PWLocaleStatus localeIDFromInput(const char *input, char localeID[ULOC_FULLNAME_CAPACITY], PWLocaleInfo *info) {
    size_t length = std::strlen(input);
    // A device identifier may end in ICU keywords (`en_US@rg=gbzzzz`): the tag is what precedes them.
    const char *at = std::strchr(input, '@');
    size_t tagLength = at != nullptr ? static_cast<size_t>(at - input) : length;
    // `uloc_forLanguageTag` stops silently at `_`; normalize first, then insist the parse covers it all.
    char normalized[PW_TAG_CAPACITY];
    for (size_t i = 0; i < length; i++) {
        if (i < tagLength ? !isTagCharacter(input[i]) : (i > tagLength && !isKeywordCharacter(input[i]))) {
            info->bad_offset = static_cast<int32_t>(i);
            return PWLocaleMalformed;
        }
        normalized[i] = input[i] == '_' && i < tagLength ? '-' : input[i];
    }
    normalized[tagLength] = '\0';
    if (tagLength == 0 || (at != nullptr && tagLength + 1 == length)) {
        info->bad_offset = static_cast<int32_t>(tagLength);
        return PWLocaleMalformed;
    }

    int32_t parsedLength = 0;
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(normalized, localeID, ULOC_FULLNAME_CAPACITY, &parsedLength, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return PWLocaleTooLong;
    if (U_FAILURE(status)) return PWLocaleICUFailure;
    if (parsedLength != static_cast<int32_t>(tagLength)) {
        info->bad_offset = parsedLength;
        return PWLocaleMalformed;
    }
    if (at == nullptr) return PWLocaleOK;

    int32_t badKeyword = badKeywordOffset(at + 1);
    if (badKeyword >= 0) {
        info->bad_offset = static_cast<int32_t>(tagLength) + 1 + badKeyword;
        return PWLocaleMalformed;
    }
    // ICU ids put keywords after one '@'; a tag that already has extensions continues with ';'.
    const char *separator = std::strchr(localeID, '@') != nullptr ? ";" : "@";
    if (std::strlen(localeID) + std::strlen(at) + 1 >= ULOC_FULLNAME_CAPACITY) return PWLocaleTooLong;
    std::strcat(localeID, separator);
    std::strcat(localeID, at + 1);
    return PWLocaleOK;
}

/// Fills the likely-subtag fields from the bare language-script-region: variants and extensions
/// never take part in matching. (Minimizing is left to `pw_locale_minimize`: only explanations need it.)
PWLocaleStatus fillLikelySubtags(const icu::Locale &canonical, PWLocaleInfo *info) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale maximized = icu::LocaleBuilder()
                                .setLanguage(canonical.getLanguage())
                                .setScript(canonical.getScript())
                                .setRegion(canonical.getCountry())
                                .build(status);
    maximized.addLikelySubtags(status);
    if (U_FAILURE(status)) return PWLocaleICUFailure;
    copyInto(info->max_language, PW_SUBTAG_CAPACITY, maximized.getLanguage());
    copyInto(info->max_script, PW_SUBTAG_CAPACITY, maximized.getScript());
    copyInto(info->max_region, PW_SUBTAG_CAPACITY, maximized.getCountry());
    return PWLocaleOK;
}

}  // namespace

extern "C" PWLocaleStatus pw_locale_parse(const char *input, PWLocaleInfo *info) {
    std::memset(info, 0, sizeof *info);
    if (std::strlen(input) >= PW_TAG_CAPACITY) {
        info->bad_offset = PW_TAG_CAPACITY - 1;
        return PWLocaleTooLong;
    }
    char localeID[ULOC_FULLNAME_CAPACITY];
    PWLocaleStatus parsed = localeIDFromInput(input, localeID, info);
    if (parsed != PWLocaleOK) return parsed;

    icu::Locale canonical = icu::Locale::createCanonical(localeID);
    if (canonical.isBogus()) return PWLocaleICUFailure;
    if (!isPlausibleLanguage(canonical.getLanguage())) return PWLocaleNotALanguage;
    UErrorCode status = U_ZERO_ERROR;
    uloc_toLanguageTag(canonical.getName(), info->tag, PW_TAG_CAPACITY, true, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return PWLocaleTooLong;
    if (U_FAILURE(status)) {
        // Only keywords can fail here (a parsed tag always converts back): point just after the '@'.
        const char *at = std::strchr(input, '@');
        info->bad_offset = at != nullptr ? static_cast<int32_t>(at - input) + 1 : 0;
        return PWLocaleMalformed;
    }
    // The id before canonicalization, back in BCP-47; should that ever fail, the canonical tag stands in.
    UErrorCode writtenStatus = U_ZERO_ERROR;
    uloc_toLanguageTag(localeID, info->as_written, PW_TAG_CAPACITY, true, &writtenStatus);
    if (U_FAILURE(writtenStatus) || writtenStatus == U_STRING_NOT_TERMINATED_WARNING) {
        copyInto(info->as_written, PW_TAG_CAPACITY, info->tag);
    }
    copyInto(info->language, PW_SUBTAG_CAPACITY, canonical.getLanguage());
    copyInto(info->script, PW_SUBTAG_CAPACITY, canonical.getScript());
    copyInto(info->region, PW_SUBTAG_CAPACITY, canonical.getCountry());
    info->has_variants_or_extensions = hasVariantsOrExtensions(canonical) ? 1 : 0;
    return fillLikelySubtags(canonical, info);
}

extern "C" void pw_locale_minimize(const char *language, const char *script, const char *region,
                                   char minimized[PW_TAG_CAPACITY]) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale = icu::LocaleBuilder().setLanguage(language).setScript(script).setRegion(region).build(status);
    locale.minimizeSubtags(status);
    uloc_toLanguageTag(locale.getName(), minimized, PW_TAG_CAPACITY, true, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) minimized[0] = '\0';
}
