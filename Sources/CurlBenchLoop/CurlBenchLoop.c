// libcurl's own loops for courier-bench. See include/CurlBenchLoop.h.
//
// The transfer options are those CurlTransport sets that change the speed (NOSIGNAL, a 512 KiB receive
// buffer for downloads to a file, a 1 MiB upload buffer, no `Expect: 100-continue`); nothing else.

#define _POSIX_C_SOURCE 200809L

#include "CurlBenchLoop.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "CCurl.h"

// One transfer's bytes: counted (descriptor < 0) or written to a descriptor.
struct sink {
    int64_t bytes;
    int fd;
    int failed;
};

static size_t write_body(char *buffer, size_t size, size_t count, void *userdata) {
    struct sink *sink = userdata;
    size_t length = size * count;
    sink->bytes += (int64_t)length;
    for (size_t offset = 0; sink->fd >= 0 && offset < length;) {
        ssize_t written = write(sink->fd, buffer + offset, length - offset);
        if (written < 0) {
            if (errno == EINTR) continue;
            sink->failed = 1;
            return 0;
        }
        offset += (size_t)written;
    }
    return length;
}

static size_t read_body(char *buffer, size_t size, size_t count, void *userdata) {
    int fd = *(int *)userdata;
    for (;;) {
        ssize_t got = read(fd, buffer, size * count);
        if (got >= 0) return (size_t)got;
        if (errno != EINTR) return CCURL_READFUNC_ABORT;
    }
}

static int64_t now_ns(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (int64_t)spec.tv_sec * 1000000000 + spec.tv_nsec;
}

// A new easy handle for `url` that writes into `sink`, or NULL.
static void *new_easy(const char *url, struct sink *sink) {
    void *easy = ccurl_easy_init();
    if (easy == NULL) return NULL;
    ccurl_easy_setopt_long(easy, CCURLOPT_NOSIGNAL, 1);
    ccurl_easy_setopt_pointer(easy, CCURLOPT_URL, url);
    ccurl_easy_setopt_data_callback(easy, CCURLOPT_WRITEFUNCTION, write_body);
    ccurl_easy_setopt_pointer(easy, CCURLOPT_WRITEDATA, sink);
    ccurl_easy_setopt_pointer(easy, CCURLOPT_PRIVATE, sink);
    return easy;
}

// 0 when the transfer on `easy` ended as expected, else an error code.
static int64_t check(void *easy, int code, const struct sink *sink, int64_t body_size) {
    if (code != CCURLE_OK) return sink->failed ? CURL_BENCH_E_FILE : -(int64_t)code;
    long status = 0;
    ccurl_easy_getinfo_long(easy, CCURLINFO_RESPONSE_CODE, &status);
    if (status != 200) return CURL_BENCH_E_STATUS;
    if (body_size >= 0 && sink->bytes != body_size) return CURL_BENCH_E_SIZE;
    return 0;
}

static int load(void) {
    char error[256];
    return ccurl_load(error, sizeof error) == 0;
}

int64_t curl_bench_get_sequential(const char *url, int64_t count, int64_t body_size) {
    if (!load()) return CURL_BENCH_E_LOAD;
    if (count < 1) return CURL_BENCH_E_ARGUMENT;
    struct sink sink = {0, -1, 0};
    void *easy = new_easy(url, &sink);
    if (easy == NULL) return CURL_BENCH_E_HANDLE;
    int64_t start = now_ns(), result = 0;
    for (int64_t i = 0; i < count && result == 0; i++) {
        sink.bytes = 0;
        result = check(easy, ccurl_easy_perform(easy), &sink, body_size);
    }
    int64_t elapsed = now_ns() - start;
    ccurl_easy_cleanup(easy);
    return result != 0 ? result : elapsed;
}

int64_t curl_bench_get_concurrent(const char *url, int64_t count, int concurrency, long max_host_connections,
                                  int64_t body_size) {
    if (!load()) return CURL_BENCH_E_LOAD;
    if (count < 1 || concurrency < 1) return CURL_BENCH_E_ARGUMENT;
    void *multi = ccurl_multi_init();
    struct sink *sinks = calloc((size_t)concurrency, sizeof *sinks);
    void **easies = calloc((size_t)concurrency, sizeof *easies);
    int64_t result = multi != NULL && sinks != NULL && easies != NULL ? 0 : CURL_BENCH_E_HANDLE;
    if (result == 0 && max_host_connections > 0) {
        ccurl_multi_setopt_long(multi, CCURLMOPT_MAX_HOST_CONNECTIONS, max_host_connections);
    }
    int64_t start = now_ns(), started = 0, done = 0;
    for (int i = 0; result == 0 && i < concurrency && started < count; i++, started++) {
        sinks[i].fd = -1;
        easies[i] = new_easy(url, &sinks[i]);
        if (easies[i] == NULL || ccurl_multi_add_handle(multi, easies[i]) != 0) result = CURL_BENCH_E_HANDLE;
    }
    while (result == 0 && done < count) {
        int running = 0, ready = 0, code = 0;
        ccurl_multi_perform(multi, &running);
        void *easy = NULL;
        while (result == 0 && ccurl_multi_next_done(multi, &easy, &code)) {
            const char *private = NULL;
            ccurl_easy_getinfo_string(easy, CCURLINFO_PRIVATE, &private);
            struct sink *sink = (struct sink *)private;
            result = check(easy, code, sink, body_size);
            done++;
            ccurl_multi_remove_handle(multi, easy);
            if (result == 0 && started < count) {
                sink->bytes = 0;
                started++;
                if (ccurl_multi_add_handle(multi, easy) != 0) result = CURL_BENCH_E_HANDLE;
            }
        }
        if (result == 0 && done < count) ccurl_multi_poll(multi, 1000, &ready);
    }
    int64_t elapsed = now_ns() - start;
    for (int i = 0; easies != NULL && i < concurrency; i++) {
        if (easies[i] == NULL) continue;
        ccurl_multi_remove_handle(multi, easies[i]);  // harmless for a handle not in the multi handle
        ccurl_easy_cleanup(easies[i]);
    }
    if (multi != NULL) ccurl_multi_cleanup(multi);
    free(easies);
    free(sinks);
    return result != 0 ? result : elapsed;
}

int64_t curl_bench_download(const char *url, const char *path, int64_t body_size) {
    if (!load()) return CURL_BENCH_E_LOAD;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return CURL_BENCH_E_FILE;
    struct sink sink = {0, fd, 0};
    void *easy = new_easy(url, &sink);
    int64_t start = now_ns(), result = CURL_BENCH_E_HANDLE;
    if (easy != NULL) {
        ccurl_easy_setopt_long(easy, CCURLOPT_BUFFERSIZE, 512L << 10);
        result = check(easy, ccurl_easy_perform(easy), &sink, body_size);
        ccurl_easy_cleanup(easy);
    }
    int64_t elapsed = now_ns() - start;
    close(fd);
    return result != 0 ? result : elapsed;
}

int64_t curl_bench_upload(const char *url, const char *path) {
    if (!load()) return CURL_BENCH_E_LOAD;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat status;
    if (fd < 0 || fstat(fd, &status) != 0) {
        if (fd >= 0) close(fd);
        return CURL_BENCH_E_FILE;
    }
    struct sink answer = {0, -1, 0};
    void *easy = new_easy(url, &answer);
    void *headers = ccurl_slist_append(NULL, "Expect:");
    int64_t start = now_ns(), result = CURL_BENCH_E_HANDLE;
    if (easy != NULL && headers != NULL) {
        ccurl_easy_setopt_long(easy, CCURLOPT_POST, 1);
        ccurl_easy_setopt_off_t(easy, CCURLOPT_POSTFIELDSIZE_LARGE, (int64_t)status.st_size);
        ccurl_easy_setopt_data_callback(easy, CCURLOPT_READFUNCTION, read_body);
        ccurl_easy_setopt_pointer(easy, CCURLOPT_READDATA, &fd);
        ccurl_easy_setopt_long(easy, CCURLOPT_UPLOAD_BUFFERSIZE, 1L << 20);
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HTTPHEADER, headers);
        result = check(easy, ccurl_easy_perform(easy), &answer, -1);
        int64_t sent = 0;
        ccurl_easy_getinfo_off_t(easy, CCURLINFO_SIZE_UPLOAD_T, &sent);
        if (result == 0 && sent != (int64_t)status.st_size) result = CURL_BENCH_E_SIZE;
    }
    int64_t elapsed = now_ns() - start;
    if (easy != NULL) ccurl_easy_cleanup(easy);
    if (headers != NULL) ccurl_slist_free_all(headers);
    close(fd);
    return result != 0 ? result : elapsed;
}

const char *curl_bench_error(int64_t code) {
    switch (code) {
    case CURL_BENCH_E_LOAD: return "libcurl could not be loaded";
    case CURL_BENCH_E_HANDLE: return "curl_easy_init or curl_multi_init failed";
    case CURL_BENCH_E_STATUS: return "an answer's status was not 200";
    case CURL_BENCH_E_SIZE: return "an answer's body or the upload had an unexpected size";
    case CURL_BENCH_E_FILE: return "the file could not be opened or written";
    case CURL_BENCH_E_ARGUMENT: return "a count or concurrency below 1";
    default: return code < 0 && code > -100 && load() ? ccurl_strerror((int)-code) : "unknown error";
    }
}
