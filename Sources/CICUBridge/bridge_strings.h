// Small helpers shared by the bridge's translation units (not part of the public header).
#ifndef CICUBRIDGE_STRINGS_H
#define CICUBRIDGE_STRINGS_H

#include <cstddef>
#include <cstring>

namespace pwbridge {

/// Copies `source` into a fixed C buffer; returns false (and writes "") when it does not fit.
inline bool copyInto(char *destination, size_t capacity, const char *source) {
    size_t length = std::strlen(source);
    if (length + 1 > capacity) {
        destination[0] = '\0';
        return false;
    }
    std::memcpy(destination, source, length + 1);
    return true;
}

}  // namespace pwbridge

#endif
