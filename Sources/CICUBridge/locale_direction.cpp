// Which way a locale's script runs.
#include "CICUBridge.h"

#include <unicode/localebuilder.h>
#include <unicode/locid.h>

extern "C" int32_t pw_locale_is_right_to_left(const char *language, const char *script, const char *region) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale = icu::LocaleBuilder().setLanguage(language).setScript(script).setRegion(region).build(status);
    return U_SUCCESS(status) && locale.isRightToLeft() ? 1 : 0;
}
