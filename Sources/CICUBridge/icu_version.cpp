// The version of the ICU library loaded at run time, for `paywalls --version`.
#include "CICUBridge.h"

#include <unicode/uversion.h>

static_assert(PW_VERSION_CAPACITY >= U_MAX_VERSION_STRING_LENGTH, "u_versionToString needs this much room");

extern "C" void pw_icu_version(char version[PW_VERSION_CAPACITY]) {
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, version);
}
