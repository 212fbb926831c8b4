// Loads libcurl at run time and forwards Courier's calls to it. See include/CCurl.h.

#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// curl_multi_info_read's message, as curl/multi.h lays it out.
struct ccurl_message {
    int msg;  // 1 = CURLMSG_DONE
    void *easy_handle;
    union {
        void *whatever;
        int result;
    } data;
};

typedef int (*easy_setopt_fn)(void *, int, ...);
typedef int (*easy_getinfo_fn)(void *, int, ...);
typedef int (*multi_setopt_fn)(void *, int, ...);

static struct {
    int (*global_init)(long);
    const char *(*version)(void);
    const char *(*easy_strerror)(int);
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *);
    void (*easy_reset)(void *);
    int (*easy_perform)(void *);
    easy_setopt_fn easy_setopt;
    easy_getinfo_fn easy_getinfo;
    int (*easy_pause)(void *, int);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
    void *(*multi_init)(void);
    int (*multi_cleanup)(void *);
    multi_setopt_fn multi_setopt;
    int (*multi_add_handle)(void *, void *);
    int (*multi_remove_handle)(void *, void *);
    int (*multi_perform)(void *, int *);
    int (*multi_poll)(void *, void *, unsigned int, int, int *);
    int (*multi_wakeup)(void *);
    int (*multi_timeout)(void *, long *);
    struct ccurl_message *(*multi_info_read)(void *, int *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];
static int load_status = -1;

static const char *const library_names[] = {
#if defined(__APPLE__)
    "libcurl.4.dylib",
    "libcurl.dylib",
#else
    "libcurl.so.4",
    "libcurl.so",
#endif
};

#define RESOLVE(field, symbol)                                                                       \
    do {                                                                                             \
        *(void **)(&curl.field) = dlsym(handle, symbol);                                             \
        if (curl.field == NULL) {                                                                    \
            snprintf(load_error, sizeof load_error, "%s has no %s (libcurl 7.85 or later is needed)", \
                     name, symbol);                                                                  \
            return;                                                                                  \
        }                                                                                            \
    } while (0)

static void load(void) {
    void *handle = NULL;
    const char *name = NULL;
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0]; i++) {
        handle = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) {
            name = library_names[i];
            break;
        }
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "libcurl could not be loaded: %s",
                 reason != NULL ? reason : "not found");
        return;
    }
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(version, "curl_version");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_reset, "curl_easy_reset");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_pause, "curl_easy_pause");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_cleanup, "curl_multi_cleanup");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_poll, "curl_multi_poll");
    RESOLVE(multi_wakeup, "curl_multi_wakeup");
    RESOLVE(multi_timeout, "curl_multi_timeout");
    RESOLVE(multi_info_read, "curl_multi_info_read");
    int code = curl.global_init(3);  // CURL_GLOBAL_ALL
    if (code != 0) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed with code %d", code);
        return;
    }
    load_status = 0;
}

int ccurl_load(char *error, size_t length) {
    pthread_once(&load_once, load);
    if (load_status != 0 && error != NULL && length > 0) {
        snprintf(error, length, "%s", load_error);
    }
    return load_status;
}

const char *ccurl_version(void) { return curl.version(); }
const char *ccurl_strerror(int code) { return curl.easy_strerror(code); }

void *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(void *easy) { curl.easy_cleanup(easy); }
void ccurl_easy_reset(void *easy) { curl.easy_reset(easy); }
int ccurl_easy_perform(void *easy) { return curl.easy_perform(easy); }

int ccurl_easy_setopt_long(void *easy, int option, long value) { return curl.easy_setopt(easy, option, value); }
int ccurl_easy_setopt_pointer(void *easy, int option, const void *value) {
    return curl.easy_setopt(easy, option, value);
}
int ccurl_easy_setopt_off_t(void *easy, int option, int64_t value) { return curl.easy_setopt(easy, option, value); }
// libcurl's `struct curl_blob`: the bytes, their length, and CURL_BLOB_COPY (1), so that libcurl keeps a copy.
struct ccurl_blob {
    void *data;
    size_t len;
    unsigned int flags;
};
int ccurl_easy_setopt_blob(void *easy, int option, const void *data, size_t length) {
    struct ccurl_blob blob = {(void *)data, length, 1};
    return curl.easy_setopt(easy, option, &blob);
}
int ccurl_easy_setopt_data_callback(void *easy, int option, ccurl_data_callback callback) {
    return curl.easy_setopt(easy, option, callback);
}
int ccurl_easy_setopt_progress_callback(void *easy, int option, ccurl_progress_callback callback) {
    return curl.easy_setopt(easy, option, callback);
}
int ccurl_easy_setopt_seek_callback(void *easy, int option, ccurl_seek_callback callback) {
    return curl.easy_setopt(easy, option, callback);
}
int ccurl_easy_pause(void *easy, int bitmask) { return curl.easy_pause(easy, bitmask); }
int ccurl_easy_getinfo_long(void *easy, int info, long *value) { return curl.easy_getinfo(easy, info, value); }
int ccurl_easy_getinfo_off_t(void *easy, int info, int64_t *value) { return curl.easy_getinfo(easy, info, value); }
int ccurl_easy_getinfo_string(void *easy, int info, const char **value) {
    return curl.easy_getinfo(easy, info, value);
}

void *ccurl_slist_append(void *list, const char *string) { return curl.slist_append(list, string); }
void ccurl_slist_free_all(void *list) { curl.slist_free_all(list); }

void *ccurl_multi_init(void) { return curl.multi_init(); }
int ccurl_multi_cleanup(void *multi) { return curl.multi_cleanup(multi); }
int ccurl_multi_setopt_long(void *multi, int option, long value) { return curl.multi_setopt(multi, option, value); }
int ccurl_multi_add_handle(void *multi, void *easy) { return curl.multi_add_handle(multi, easy); }
int ccurl_multi_remove_handle(void *multi, void *easy) { return curl.multi_remove_handle(multi, easy); }
int ccurl_multi_perform(void *multi, int *running) { return curl.multi_perform(multi, running); }
int ccurl_multi_poll(void *multi, int timeout_ms, int *ready) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, ready);
}
int ccurl_multi_wakeup(void *multi) { return curl.multi_wakeup(multi); }
int ccurl_multi_timeout(void *multi, long *timeout_ms) { return curl.multi_timeout(multi, timeout_ms); }

int ccurl_multi_next_done(void *multi, void **easy, int *result) {
    int queued = 0;
    struct ccurl_message *message;
    while ((message = curl.multi_info_read(multi, &queued)) != NULL) {
        if (message->msg == 1) {
            *easy = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}
