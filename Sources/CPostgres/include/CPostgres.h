// libpq (Debian libpq5; headers from libpq-dev), loaded on first use: only the commands given
// --events-url talk to PostgreSQL, so libpq.so.5 is opened with dlopen then, and every other command
// starts as before. Its header still gives the types and constants.
#ifndef CPOSTGRES_H
#define CPOSTGRES_H

#include <postgresql/libpq-fe.h>

/// Loads libpq.so.5, once per process (thread-safe). Returns NULL when it is ready, else why it could
/// not be loaded. Every other function needs it to have returned NULL.
const char *cpq_load(void);

/// PQconnectdbParams with `expand_dbname` set: `values[0]` may be a postgresql:// URL. Notices (such as
/// "relation already exists, skipping") are dropped rather than written to standard error.
PGconn *cpq_connect(const char *const *keywords, const char *const *values);
ConnStatusType cpq_status(const PGconn *connection);
char *cpq_error_message(const PGconn *connection);
void cpq_finish(PGconn *connection);

/// PQexecParams with text parameters and text results.
PGresult *cpq_exec(PGconn *connection, const char *command, int count, const char *const *values);
ExecStatusType cpq_result_status(const PGresult *result);
char *cpq_result_error_message(const PGresult *result);
/// The SQLSTATE code of a failed command's result (such as "40P01"), or NULL.
char *cpq_result_sqlstate(const PGresult *result);
int cpq_tuple_count(const PGresult *result);
int cpq_field_count(const PGresult *result);
char *cpq_value(const PGresult *result, int row, int column);
int cpq_is_null(const PGresult *result, int row, int column);
void cpq_clear(PGresult *result);

/// The rows of a `COPY ... FROM STDIN` under way (after cpq_exec answered PGRES_COPY_IN), in COPY's text form:
/// 1 when sent, -1 on failure (see cpq_error_message).
int cpq_put_copy_data(PGconn *connection, const char *buffer, int count);
/// Ends the rows; then cpq_next_result gives the COPY's result, and NULL after it.
int cpq_put_copy_end(PGconn *connection);
PGresult *cpq_next_result(PGconn *connection);

#endif
