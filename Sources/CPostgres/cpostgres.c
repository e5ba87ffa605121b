#include "CPostgres.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// The libpq functions paywalls uses, resolved from libpq.so.5 (the soname of libpq5).
static struct {
    PGconn *(*connectdb_params)(const char *const *keywords, const char *const *values, int expand_dbname);
    PQnoticeProcessor (*set_notice_processor)(PGconn *connection, PQnoticeProcessor processor, void *context);
    ConnStatusType (*status)(const PGconn *connection);
    char *(*error_message)(const PGconn *connection);
    void (*finish)(PGconn *connection);
    PGresult *(*exec_params)(PGconn *connection, const char *command, int count, const Oid *types,
                             const char *const *values, const int *lengths, const int *formats, int result_format);
    ExecStatusType (*result_status)(const PGresult *result);
    char *(*result_error_message)(const PGresult *result);
    char *(*result_error_field)(const PGresult *result, int field);
    int (*ntuples)(const PGresult *result);
    int (*nfields)(const PGresult *result);
    char *(*getvalue)(const PGresult *result, int row, int column);
    int (*getisnull)(const PGresult *result, int row, int column);
    void (*clear)(PGresult *result);
    int (*put_copy_data)(PGconn *connection, const char *buffer, int count);
    int (*put_copy_end)(PGconn *connection, const char *error);
    PGresult *(*get_result)(PGconn *connection);
} pq;

static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_error = dlerror();
        return;
    }
    static const struct { const char *name; size_t offset; } functions[] = {
        {"PQconnectdbParams", offsetof(__typeof__(pq), connectdb_params)},
        {"PQsetNoticeProcessor", offsetof(__typeof__(pq), set_notice_processor)},
        {"PQstatus", offsetof(__typeof__(pq), status)},
        {"PQerrorMessage", offsetof(__typeof__(pq), error_message)},
        {"PQfinish", offsetof(__typeof__(pq), finish)},
        {"PQexecParams", offsetof(__typeof__(pq), exec_params)},
        {"PQresultStatus", offsetof(__typeof__(pq), result_status)},
        {"PQresultErrorMessage", offsetof(__typeof__(pq), result_error_message)},
        {"PQresultErrorField", offsetof(__typeof__(pq), result_error_field)},
        {"PQntuples", offsetof(__typeof__(pq), ntuples)},
        {"PQnfields", offsetof(__typeof__(pq), nfields)},
        {"PQgetvalue", offsetof(__typeof__(pq), getvalue)},
        {"PQgetisnull", offsetof(__typeof__(pq), getisnull)},
        {"PQclear", offsetof(__typeof__(pq), clear)},
        {"PQputCopyData", offsetof(__typeof__(pq), put_copy_data)},
        {"PQputCopyEnd", offsetof(__typeof__(pq), put_copy_end)},
        {"PQgetResult", offsetof(__typeof__(pq), get_result)},
    };
    for (size_t index = 0; index < sizeof functions / sizeof functions[0]; index++) {
        void *function = dlsym(library, functions[index].name);
        if (function == NULL) {
            load_error = "libpq.so.5 lacks a function paywalls needs";
            return;
        }
        *(void **)((char *)&pq + functions[index].offset) = function;
    }
}

const char *cpq_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

static void drop_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}

PGconn *cpq_connect(const char *const *keywords, const char *const *values) {
    PGconn *connection = pq.connectdb_params(keywords, values, 1);
    if (connection != NULL) pq.set_notice_processor(connection, drop_notice, NULL);
    return connection;
}

ConnStatusType cpq_status(const PGconn *connection) { return pq.status(connection); }
char *cpq_error_message(const PGconn *connection) { return pq.error_message(connection); }
void cpq_finish(PGconn *connection) { pq.finish(connection); }

PGresult *cpq_exec(PGconn *connection, const char *command, int count, const char *const *values) {
    return pq.exec_params(connection, command, count, NULL, values, NULL, NULL, 0);
}

ExecStatusType cpq_result_status(const PGresult *result) { return pq.result_status(result); }
char *cpq_result_error_message(const PGresult *result) { return pq.result_error_message(result); }
char *cpq_result_sqlstate(const PGresult *result) { return pq.result_error_field(result, PG_DIAG_SQLSTATE); }
int cpq_tuple_count(const PGresult *result) { return pq.ntuples(result); }
int cpq_field_count(const PGresult *result) { return pq.nfields(result); }
char *cpq_value(const PGresult *result, int row, int column) { return pq.getvalue(result, row, column); }
int cpq_is_null(const PGresult *result, int row, int column) { return pq.getisnull(result, row, column); }
void cpq_clear(PGresult *result) { pq.clear(result); }

int cpq_put_copy_data(PGconn *connection, const char *buffer, int count) { return pq.put_copy_data(connection, buffer, count); }
int cpq_put_copy_end(PGconn *connection) { return pq.put_copy_end(connection, NULL); }
PGresult *cpq_next_result(PGconn *connection) { return pq.get_result(connection); }
