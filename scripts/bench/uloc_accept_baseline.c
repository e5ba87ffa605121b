/*
 * Baseline for scripts/bench-locale: what a naive server does with ICU's C API.
 *
 * Reads lines PREFS<TAB>AVAILABLES[<TAB>DEFAULT] (comma-separated lists) from stdin and, for every
 * line, builds a UEnumeration of the availables and calls uloc_acceptLanguage: no caching across
 * lines, on purpose. Writes the ICU locale ID chosen, or DEFAULT (`en` when absent) when nothing
 * matches, one per line.
 *
 * Build: gcc -O2 -o uloc_accept_baseline uloc_accept_baseline.c -licuuc
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uenum.h>
#include <unicode/uloc.h>

/* Real lines hold at most a few dozen locales; extra entries are ignored. */
#define MAX_LOCALES 256

/* Splits `list` in place at commas into trimmed, non-empty entries; returns how many. */
static int split_list(char *list, char **entries, int capacity) {
    int count = 0;
    for (char *entry = strtok(list, ","); entry != NULL && count < capacity; entry = strtok(NULL, ",")) {
        while (*entry == ' ') entry++;
        char *end = entry + strlen(entry);
        while (end > entry && end[-1] == ' ') *--end = '\0';
        if (*entry == '\0') continue;
        /* uloc_acceptLanguage reads ICU locale IDs (pt_BR), not BCP-47 (pt-BR). */
        for (char *c = entry; *c != '\0'; c++) {
            if (*c == '-') *c = '_';
        }
        entries[count++] = entry;
    }
    return count;
}

/* The locale for one line (without its newline); `result` must hold ULOC_FULLNAME_CAPACITY bytes. */
static const char *answer_line(char *line, char *result) {
    char *fields[3] = {NULL, NULL, NULL};
    int field_count = 0;
    for (char *cursor = line; field_count < 3;) {
        fields[field_count++] = cursor;
        char *tab = strchr(cursor, '\t');
        if (tab == NULL) break;
        *tab = '\0';
        cursor = tab + 1;
    }
    const char *fallback = field_count == 3 && fields[2][0] != '\0' ? fields[2] : "en";
    if (field_count < 2) return fallback;

    char *preferences[MAX_LOCALES];
    char *availables[MAX_LOCALES];
    int preference_count = split_list(fields[0], preferences, MAX_LOCALES);
    int available_count = split_list(fields[1], availables, MAX_LOCALES);

    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *enumeration =
        uenum_openCharStringsEnumeration((const char *const *)availables, available_count, &status);
    UAcceptResult outcome = ULOC_ACCEPT_FAILED;
    int32_t length = uloc_acceptLanguage(result, ULOC_FULLNAME_CAPACITY, &outcome, (const char **)preferences,
                                         preference_count, enumeration, &status);
    uenum_close(enumeration);
    if (U_FAILURE(status) || outcome == ULOC_ACCEPT_FAILED || length <= 0 || length >= ULOC_FULLNAME_CAPACITY) {
        return fallback;
    }
    return result;
}

int main(void) {
    static char input_buffer[1 << 16];
    static char output_buffer[1 << 16];
    setvbuf(stdin, input_buffer, _IOFBF, sizeof input_buffer);
    setvbuf(stdout, output_buffer, _IOFBF, sizeof output_buffer);

    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    char result[ULOC_FULLNAME_CAPACITY];
    while ((length = getline(&line, &capacity, stdin)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[--length] = '\0';
        if (length > 0 && line[length - 1] == '\r') line[--length] = '\0';
        fputs(answer_line(line, result), stdout);
        putchar('\n');
    }
    free(line);
    return fflush(stdout) == 0 ? 0 : 1;
}
