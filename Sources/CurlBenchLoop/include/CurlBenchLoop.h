// libcurl's own C loops, for courier-bench to compare CurlTransport with: the same dlopen-loaded
// libcurl (through the CCurl target), no Swift in between. Not part of the Courier library.
//
// Every function returns the elapsed wall time in nanoseconds (> 0), or a negative error code: -1 to -99
// are libcurl's CURLcode negated; the others are CURL_BENCH_E_*. `curl_bench_error` describes either.

#ifndef COURIER_CURL_BENCH_LOOP_H
#define COURIER_CURL_BENCH_LOOP_H

#include <stdint.h>

#define CURL_BENCH_E_LOAD (-1000)      // libcurl could not be loaded
#define CURL_BENCH_E_HANDLE (-1001)    // curl_easy_init or curl_multi_init failed
#define CURL_BENCH_E_STATUS (-1002)    // an answer's status was not 200
#define CURL_BENCH_E_SIZE (-1003)      // an answer's body or an upload had an unexpected size
#define CURL_BENCH_E_FILE (-1004)      // the file could not be opened
#define CURL_BENCH_E_ARGUMENT (-1005)  // a count or concurrency below 1

/// `count` GETs of `url` one after another on one easy handle (`curl_easy_perform`); each answer must
/// be a 200 with `body_size` bytes (any size when negative).
int64_t curl_bench_get_sequential(const char *url, int64_t count, int64_t body_size);

/// `count` GETs of `url` through one multi handle with `concurrency` transfers in flight (a finished
/// easy handle is re-added until `count` have been sent), at most `max_host_connections` connections
/// (CURLMOPT_MAX_HOST_CONNECTIONS; 0: no limit); waits with `curl_multi_poll`.
int64_t curl_bench_get_concurrent(const char *url, int64_t count, int concurrency, long max_host_connections,
                                  int64_t body_size);

/// GET `url` into the file `path` (created or truncated) with a write callback on its descriptor; the
/// answer must be a 200 of `body_size` bytes.
int64_t curl_bench_download(const char *url, const char *path, int64_t body_size);

/// POST the file `path` to `url` with a read callback on its descriptor and `Content-Length` set
/// (CURLOPT_POSTFIELDSIZE_LARGE, no `Expect: 100-continue`); the answer must be a 200.
int64_t curl_bench_upload(const char *url, const char *path);

/// What a negative result of the functions above means.
const char *curl_bench_error(int64_t code);

#endif
