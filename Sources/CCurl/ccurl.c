#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>

// The libcurl functions paywalls uses, resolved from libcurl.so.4 (the soname of libcurl4-openssl).
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static int resolve(void *library, const char *name, void **function) {
    *function = dlsym(library, name);
    return *function != NULL;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_error = dlerror();
        return;
    }
    int found = resolve(library, "curl_global_init", (void **)&curl.global_init)
        && resolve(library, "curl_easy_init", (void **)&curl.easy_init)
        && resolve(library, "curl_easy_cleanup", (void **)&curl.easy_cleanup)
        && resolve(library, "curl_easy_perform", (void **)&curl.easy_perform)
        && resolve(library, "curl_easy_strerror", (void **)&curl.easy_strerror)
        && resolve(library, "curl_easy_setopt", (void **)&curl.easy_setopt)
        && resolve(library, "curl_easy_getinfo", (void **)&curl.easy_getinfo)
        && resolve(library, "curl_slist_append", (void **)&curl.slist_append)
        && resolve(library, "curl_slist_free_all", (void **)&curl.slist_free_all);
    if (!found) {
        load_error = "libcurl.so.4 lacks a function paywalls needs";
        return;
    }
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) load_error = "curl_global_init failed";
}

const char *ccurl_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
CURLcode ccurl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) { return curl.slist_append(list, text); }
void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_set_offset(CURL *handle, CURLoption option, curl_off_t value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_set_data_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_set_progress_callback(CURL *handle, ccurl_progress_callback value) {
    return curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

CURLcode ccurl_get_long(CURL *handle, CURLINFO info, long *value) { return curl.easy_getinfo(handle, info, value); }
CURLcode ccurl_get_string(CURL *handle, CURLINFO info, char **value) { return curl.easy_getinfo(handle, info, value); }
