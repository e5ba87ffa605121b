// CLDR parent locales. ICU keeps CLDR's parentLocales as a `%%Parent` entry in each locale's resource
// bundle (es_MX -> es_419); uloc_getParent only truncates, so it is not enough.
#include "CICUBridge.h"
#include "bridge_strings.h"

#include <string>

#include <unicode/localebuilder.h>
#include <unicode/locid.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>

namespace {

/// The `%%Parent` of the resource bundle named exactly `bundleName`, as an ICU id, or "".
std::string explicitParentOfBundle(const std::string &bundleName) {
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(nullptr, bundleName.c_str(), &status);
    if (U_FAILURE(status)) return "";
    int32_t length = 0;
    const UChar *parent = ures_getStringByKey(bundle, "%%Parent", &length, &status);
    std::string result;
    if (U_SUCCESS(status) && length > 0 && length < PW_TAG_CAPACITY) {
        char buffer[PW_TAG_CAPACITY];
        u_UCharsToChars(parent, buffer, length);
        result.assign(buffer, static_cast<size_t>(length));
    }
    ures_close(bundle);
    return result == "root" ? "" : result;
}

bool isDefaultScript(const char *language, const char *script) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale likely = icu::LocaleBuilder().setLanguage(language).build(status);
    likely.addLikelySubtags(status);
    return U_SUCCESS(status) && std::string(likely.getScript()) == script;
}

}  // namespace

extern "C" void pw_locale_explicit_parent(const char *language, const char *script, const char *region,
                                          char parent[PW_TAG_CAPACITY]) {
    parent[0] = '\0';
    if (region[0] == '\0') return;
    std::string withScript = std::string(language) + "_" + script + "_" + region;
    std::string parentID = script[0] != '\0' ? explicitParentOfBundle(withScript) : "";
    // Bundles of a language's default script omit the script (es_MX, not es_Latn_MX).
    if (parentID.empty() && (script[0] == '\0' || isDefaultScript(language, script))) {
        parentID = explicitParentOfBundle(std::string(language) + "_" + region);
    }
    if (parentID.empty()) return;
    UErrorCode status = U_ZERO_ERROR;
    uloc_toLanguageTag(parentID.c_str(), parent, PW_TAG_CAPACITY, true, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) parent[0] = '\0';
}
