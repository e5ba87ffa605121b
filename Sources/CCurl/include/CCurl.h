// libcurl, loaded on first use. Linking it would load about thirty libraries (TLS, Kerberos, LDAP,
// ...) into every paywalls process and double the start-up of commands that never download, such as
// `resolve`; so libcurl.so.4 is opened with dlopen when a transfer first needs it. Its headers still
// give the types and constants. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift
// cannot call: the typed wrappers below fix the argument type per kind of option.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ccurl_progress_callback)(void *context, curl_off_t download_total, curl_off_t download_now,
                                       curl_off_t upload_total, curl_off_t upload_now);

/// Loads libcurl and runs curl_global_init, once per process (thread-safe). Returns NULL when libcurl
/// is ready, else why it could not be loaded. Every other function needs it to have returned NULL.
const char *ccurl_load(void);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_set_list(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_set_data_callback(CURL *handle, CURLoption option, ccurl_data_callback value);
CURLcode ccurl_set_progress_callback(CURL *handle, ccurl_progress_callback value);

CURLcode ccurl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_get_string(CURL *handle, CURLINFO info, char **value);

#endif
