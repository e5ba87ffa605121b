// SQLite through a system library target. SQLITE_TRANSIENT is a cast of -1 to a function pointer,
// which Swift cannot import: a typed constant stands in for it.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
