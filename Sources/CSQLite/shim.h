// SQLite through a system library target. SQLITE_TRANSIENT is a cast of -1 to a function pointer,
// which Swift cannot import: a typed constant stands in for it. sqlite3_config and sqlite3_db_config are
// variadic, which Swift cannot call: typed functions stand in for the settings used.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

static inline int csqlite_skip_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
