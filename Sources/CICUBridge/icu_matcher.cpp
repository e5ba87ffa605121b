// icu::LocaleMatcher behind an opaque C handle (the class is C++ only).
#include "CICUBridge.h"
#include "bridge_strings.h"

#include <new>
#include <vector>

#include <unicode/localematcher.h>
#include <unicode/locid.h>
#include <unicode/uloc.h>

struct PWICUMatcher {
    icu::LocaleMatcher matcher;
    std::vector<icu::Locale> supported;
};

namespace {

icu::Locale localeFromTag(const char *tag) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale = icu::Locale::forLanguageTag(tag, status);
    return U_SUCCESS(status) ? locale : icu::Locale::getRoot();
}

}  // namespace

extern "C" PWICUMatcher *pw_icu_matcher_create(const char *const *supported, int32_t count,
                                               PWICUMatcherOptions options) {
    std::vector<icu::Locale> locales;
    locales.reserve(static_cast<size_t>(count));
    for (int32_t i = 0; i < count; i++) locales.push_back(localeFromTag(supported[i]));

    icu::LocaleMatcher::Builder builder;
    for (const icu::Locale &locale : locales) builder.addSupportedLocale(locale);
    builder.setFavorSubtag(options.favor_script ? ULOCMATCH_FAVOR_SCRIPT : ULOCMATCH_FAVOR_LANGUAGE);
    icu::Locale defaultLocale;
    if (options.default_tag != nullptr && options.default_tag[0] == '\0') {
        builder.setNoDefaultLocale();
    } else if (options.default_tag != nullptr) {
        defaultLocale = localeFromTag(options.default_tag);
        builder.setDefaultLocale(&defaultLocale);
    }
    UErrorCode status = U_ZERO_ERROR;
    icu::LocaleMatcher matcher = builder.build(status);
    if (U_FAILURE(status)) return nullptr;
    return new (std::nothrow) PWICUMatcher{std::move(matcher), std::move(locales)};
}

extern "C" void pw_icu_matcher_destroy(PWICUMatcher *matcher) { delete matcher; }

extern "C" int32_t pw_icu_matcher_best(const PWICUMatcher *matcher, const char *const *desired, int32_t count,
                                       int32_t *desired_index, char combined[PW_TAG_CAPACITY]) {
    std::vector<icu::Locale> desiredLocales;
    desiredLocales.reserve(static_cast<size_t>(count));
    for (int32_t i = 0; i < count; i++) desiredLocales.push_back(localeFromTag(desired[i]));
    icu::Locale::RangeIterator<std::vector<icu::Locale>::const_iterator> iterator(desiredLocales.begin(),
                                                                                 desiredLocales.end());
    UErrorCode status = U_ZERO_ERROR;
    icu::LocaleMatcher::Result result = matcher->matcher.getBestMatchResult(iterator, status);
    *desired_index = U_SUCCESS(status) ? result.getDesiredIndex() : -1;
    combined[0] = '\0';
    if (U_FAILURE(status) || result.getSupportedLocale() == nullptr) return -2;
    icu::Locale resolved = result.makeResolvedLocale(status);
    if (U_SUCCESS(status)) {
        uloc_toLanguageTag(resolved.getName(), combined, PW_TAG_CAPACITY, false, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) combined[0] = '\0';
    }
    return result.getSupportedIndex() >= 0 ? result.getSupportedIndex() : -1;
}
