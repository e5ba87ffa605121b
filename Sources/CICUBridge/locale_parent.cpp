// CLDR parent locales (es_MX -> es_419, nb -> no), which uloc_getParent does not know: it only
// truncates; and the languages that CLDR's matching data makes one with their parent (nb and no).
//
// Parents are read from CLDR's parentLocales table in ICU's supplementalData, never from the locales'
// own resource bundles: ICU 72's ures_openDirect on the alias bundle no_NO loops forever in a process
// that has not loaded the Norwegian bundles it leads to before (`locale explain no-NO` never returned).
#include "CICUBridge.h"
#include "bridge_strings.h"

#include <string>
#include <unordered_map>

#include <unicode/localebuilder.h>
#include <unicode/localematcher.h>
#include <unicode/locid.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>

namespace {

using ParentTable = std::unordered_map<std::string, std::string>;

/// `supplementalData/parentLocales` lists the children of each parent (`es_419 { "es_AR", ... }`; a
/// single child is a plain string). Children whose parent is `root` are kept, so that they are not
/// mistaken for the truncation.
ParentTable readParentLocales() {
    ParentTable parents;
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *supplemental = ures_openDirect(nullptr, "supplementalData", &status);
    UResourceBundle *table = ures_getByKey(supplemental, "parentLocales", nullptr, &status);
    UResourceBundle *children = nullptr;
    while (U_SUCCESS(status) && ures_hasNext(table)) {
        children = ures_getNextResource(table, children, &status);
        if (U_FAILURE(status)) break;
        std::string parent = ures_getKey(children);
        while (ures_hasNext(children)) {
            int32_t length = 0;
            const UChar *child = ures_getNextString(children, &length, nullptr, &status);
            if (U_FAILURE(status) || length <= 0 || length >= PW_TAG_CAPACITY) break;
            char buffer[PW_TAG_CAPACITY];
            u_UCharsToChars(child, buffer, length);
            parents.emplace(std::string(buffer, static_cast<size_t>(length)), parent);
        }
    }
    ures_close(children);
    ures_close(table);
    ures_close(supplemental);
    return parents;
}

/// The parent CLDR names for the ICU id `child`, "" when it names none or names `root`.
std::string explicitParentOf(const std::string &child) {
    // Built once, on first use; C++ makes the initialization thread-safe.
    static const ParentTable parents = readParentLocales();
    auto found = parents.find(child);
    return found == parents.end() || found->second == "root" ? "" : found->second;
}

/// The language CLDR names as the parent of a bare language (`nb`, `nn` -> `no`, their macrolanguage),
/// "" when it names none, or a regional locale of another language (`ht` -> `fr_HT`): a paywall user
/// is never switched to another language.
std::string languageParentOf(const char *language) {
    std::string parent = explicitParentOf(language);
    return parent.find('_') == std::string::npos ? parent : "";
}

bool isDefaultScript(const char *language, const char *script) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale likely = icu::LocaleBuilder().setLanguage(language).build(status);
    likely.addLikelySubtags(status);
    return U_SUCCESS(status) && std::string(likely.getScript()) == script;
}

/// Whether CLDR's matching data puts two languages no further apart than two regions of one language
/// (en-US and en-GB). Of the languages with a language parent, only `nb` is that close to `no`: ICU rates
/// nb and no 99% alike, en-US and en-GB 95%, nn and no 80%.
bool areOneLanguage(const char *language, const std::string &other) {
    struct Matcher {
        UErrorCode status = U_ZERO_ERROR;
        icu::LocaleMatcher matcher =
            icu::LocaleMatcher::Builder().setMaxDistance(icu::Locale("en", "US"), icu::Locale("en", "GB")).build(status);
    };
    // Built once, on first use (only languages with a language parent need it).
    static const Matcher closest;
    UErrorCode status = closest.status;
    return closest.matcher.isMatch(icu::Locale(language), icu::Locale(other.c_str()), status) && U_SUCCESS(status);
}

}  // namespace

extern "C" void pw_locale_explicit_parent(const char *language, const char *script, const char *region,
                                          char parent[PW_TAG_CAPACITY]) {
    parent[0] = '\0';
    std::string parentID;
    if (region[0] != '\0') {
        parentID = script[0] != '\0' ? explicitParentOf(std::string(language) + "_" + script + "_" + region) : "";
        // CLDR names locales of a language's default script without the script (es_MX, not es_Latn_MX).
        if (parentID.empty() && (script[0] == '\0' || isDefaultScript(language, script))) {
            parentID = explicitParentOf(std::string(language) + "_" + region);
        }
    } else if (script[0] == '\0') {
        parentID = languageParentOf(language);
    }
    if (parentID.empty()) return;
    UErrorCode status = U_ZERO_ERROR;
    uloc_toLanguageTag(parentID.c_str(), parent, PW_TAG_CAPACITY, true, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) parent[0] = '\0';
}

extern "C" void pw_locale_matching_language(const char *language, char matching[PW_SUBTAG_CAPACITY]) {
    std::string parent = languageParentOf(language);
    bool one = !parent.empty() && areOneLanguage(language, parent);
    pwbridge::copyInto(matching, PW_SUBTAG_CAPACITY, one ? parent.c_str() : language);
}
