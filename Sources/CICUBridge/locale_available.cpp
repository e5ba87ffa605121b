// The locales ICU has data for, as BCP-47 tags, and the language and region codes it knows.
#include "CICUBridge.h"

#include <unicode/uloc.h>

extern "C" int32_t pw_locale_available_count(void) {
    return uloc_countAvailable();
}

extern "C" int32_t pw_locale_available_tag(int32_t index, char tag[PW_TAG_CAPACITY]) {
    tag[0] = '\0';
    if (index < 0 || index >= uloc_countAvailable()) return 0;
    const char *id = uloc_getAvailable(index);
    if (id == nullptr) return 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_toLanguageTag(id, tag, PW_TAG_CAPACITY, true, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length <= 0) {
        tag[0] = '\0';
        return 0;
    }
    return length;
}

extern "C" const char *const *pw_iso_languages(void) { return uloc_getISOLanguages(); }

extern "C" const char *const *pw_iso_regions(void) { return uloc_getISOCountries(); }
