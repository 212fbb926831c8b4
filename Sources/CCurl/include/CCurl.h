// The part of libcurl's documented C API that Courier uses, declared here so that the package builds
// with no libcurl headers installed. libcurl itself is loaded at run time (`ccurl_load`), from the
// `libcurl.so.4` that FoundationNetworking already links on Linux.
//
// Every value below is from libcurl's public, ABI-stable interface (curl.h and multi.h, stable since
// 7.x). Nothing here is called before `ccurl_load` has returned 0.

#ifndef COURIER_CCURL_H
#define COURIER_CCURL_H

#include <stddef.h>
#include <stdint.h>

// Option kinds (CURLOPTTYPE_*): an option's number is its kind plus its index.
#define CCURL_LONG 0
#define CCURL_POINTER 10000
#define CCURL_FUNCTION 20000
#define CCURL_OFF_T 30000
#define CCURL_BLOB 40000

// Easy options (CURLOPT_*).
#define CCURLOPT_WRITEDATA (CCURL_POINTER + 1)
#define CCURLOPT_URL (CCURL_POINTER + 2)
#define CCURLOPT_PROXY (CCURL_POINTER + 4)
#define CCURLOPT_READDATA (CCURL_POINTER + 9)
#define CCURLOPT_ERRORBUFFER (CCURL_POINTER + 10)
#define CCURLOPT_WRITEFUNCTION (CCURL_FUNCTION + 11)
#define CCURLOPT_READFUNCTION (CCURL_FUNCTION + 12)
#define CCURLOPT_POSTFIELDS (CCURL_POINTER + 15)
#define CCURLOPT_HTTPHEADER (CCURL_POINTER + 23)
#define CCURLOPT_HEADERDATA (CCURL_POINTER + 29)
#define CCURLOPT_CUSTOMREQUEST (CCURL_POINTER + 36)
#define CCURLOPT_NOPROGRESS (CCURL_LONG + 43)
#define CCURLOPT_NOBODY (CCURL_LONG + 44)
#define CCURLOPT_POST (CCURL_LONG + 47)
#define CCURLOPT_FOLLOWLOCATION (CCURL_LONG + 52)
#define CCURLOPT_XFERINFODATA (CCURL_POINTER + 57)
#define CCURLOPT_SSL_VERIFYPEER (CCURL_LONG + 64)
#define CCURLOPT_CAINFO (CCURL_POINTER + 65)
#define CCURLOPT_HEADERFUNCTION (CCURL_FUNCTION + 79)
#define CCURLOPT_HTTPGET (CCURL_LONG + 80)
#define CCURLOPT_SSL_VERIFYHOST (CCURL_LONG + 81)
#define CCURLOPT_HTTP_VERSION (CCURL_LONG + 84)
#define CCURLOPT_BUFFERSIZE (CCURL_LONG + 98)
#define CCURLOPT_NOSIGNAL (CCURL_LONG + 99)
#define CCURLOPT_ACCEPT_ENCODING (CCURL_POINTER + 102)
#define CCURLOPT_PRIVATE (CCURL_POINTER + 103)
#define CCURLOPT_POSTFIELDSIZE_LARGE (CCURL_OFF_T + 120)
#define CCURLOPT_TCP_NODELAY (CCURL_LONG + 121)
#define CCURLOPT_TIMEOUT_MS (CCURL_LONG + 155)
#define CCURLOPT_CONNECTTIMEOUT_MS (CCURL_LONG + 156)
#define CCURLOPT_COPYPOSTFIELDS (CCURL_POINTER + 165)
#define CCURLOPT_SEEKFUNCTION (CCURL_FUNCTION + 167)
#define CCURLOPT_SEEKDATA (CCURL_POINTER + 168)
#define CCURLOPT_NOPROXY (CCURL_POINTER + 177)
#define CCURLOPT_TCP_KEEPALIVE (CCURL_LONG + 213)
#define CCURLOPT_XFERINFOFUNCTION (CCURL_FUNCTION + 219)
#define CCURLOPT_EXPECT_100_TIMEOUT_MS (CCURL_LONG + 227)
#define CCURLOPT_PINNEDPUBLICKEY (CCURL_POINTER + 230)
#define CCURLOPT_UPLOAD_BUFFERSIZE (CCURL_LONG + 280)
#define CCURLOPT_SUPPRESS_CONNECT_HEADERS (CCURL_LONG + 265)
#define CCURLOPT_PROTOCOLS_STR (CCURL_POINTER + 318)
#define CCURLOPT_REDIR_PROTOCOLS_STR (CCURL_POINTER + 319)
#define CCURLOPT_CAINFO_BLOB (CCURL_BLOB + 309)

// Values of CURLOPT_HTTP_VERSION.
#define CCURL_HTTP_VERSION_1_1 2
#define CCURL_HTTP_VERSION_2TLS 4

// Multi options (CURLMOPT_*).
#define CCURLMOPT_PIPELINING (CCURL_LONG + 3)
#define CCURLMOPT_MAXCONNECTS (CCURL_LONG + 6)
#define CCURLMOPT_MAX_HOST_CONNECTIONS (CCURL_LONG + 7)
#define CCURLPIPE_MULTIPLEX 2

// Information (CURLINFO_*): a kind plus an index.
#define CCURLINFO_STRING 0x100000
#define CCURLINFO_LONG 0x200000
#define CCURLINFO_OFF_T 0x600000
#define CCURLINFO_RESPONSE_CODE (CCURLINFO_LONG + 2)
#define CCURLINFO_SIZE_UPLOAD_T (CCURLINFO_OFF_T + 7)
#define CCURLINFO_SIZE_DOWNLOAD_T (CCURLINFO_OFF_T + 8)
#define CCURLINFO_HEADER_SIZE (CCURLINFO_LONG + 11)
#define CCURLINFO_REQUEST_SIZE (CCURLINFO_LONG + 12)
#define CCURLINFO_PRIVATE (CCURLINFO_STRING + 21)
#define CCURLINFO_NUM_CONNECTS (CCURLINFO_LONG + 26)
#define CCURLINFO_PRIMARY_IP (CCURLINFO_STRING + 32)
#define CCURLINFO_PRIMARY_PORT (CCURLINFO_LONG + 40)
#define CCURLINFO_HTTP_VERSION (CCURLINFO_LONG + 46)
#define CCURLINFO_TOTAL_TIME_T (CCURLINFO_OFF_T + 50)
#define CCURLINFO_NAMELOOKUP_TIME_T (CCURLINFO_OFF_T + 51)
#define CCURLINFO_CONNECT_TIME_T (CCURLINFO_OFF_T + 52)
#define CCURLINFO_PRETRANSFER_TIME_T (CCURLINFO_OFF_T + 53)
#define CCURLINFO_STARTTRANSFER_TIME_T (CCURLINFO_OFF_T + 54)
#define CCURLINFO_APPCONNECT_TIME_T (CCURLINFO_OFF_T + 56)

// Result codes (CURLcode) that Courier tells apart.
#define CCURLE_OK 0
#define CCURLE_UNSUPPORTED_PROTOCOL 1
#define CCURLE_URL_MALFORMAT 3
#define CCURLE_COULDNT_RESOLVE_PROXY 5
#define CCURLE_COULDNT_RESOLVE_HOST 6
#define CCURLE_COULDNT_CONNECT 7
#define CCURLE_WEIRD_SERVER_REPLY 8
#define CCURLE_HTTP2 16
#define CCURLE_PARTIAL_FILE 18
#define CCURLE_WRITE_ERROR 23
#define CCURLE_READ_ERROR 26
#define CCURLE_OUT_OF_MEMORY 27
#define CCURLE_OPERATION_TIMEDOUT 28
#define CCURLE_SSL_CONNECT_ERROR 35
#define CCURLE_ABORTED_BY_CALLBACK 42
#define CCURLE_TOO_MANY_REDIRECTS 47
#define CCURLE_GOT_NOTHING 52
#define CCURLE_SEND_ERROR 55
#define CCURLE_RECV_ERROR 56
#define CCURLE_SSL_CERTPROBLEM 58
#define CCURLE_SSL_CIPHER 59
#define CCURLE_PEER_FAILED_VERIFICATION 60
#define CCURLE_BAD_CONTENT_ENCODING 61
#define CCURLE_SEND_FAIL_REWIND 65
#define CCURLE_SSL_CACERT_BADFILE 77
#define CCURLE_SSL_ISSUER_ERROR 83
#define CCURLE_SSL_PINNEDPUBKEYNOTMATCH 90
#define CCURLE_HTTP2_STREAM 92
#define CCURLE_PROXY 97

// Callback return values.
#define CCURL_READFUNC_ABORT 0x10000000
#define CCURL_WRITEFUNC_PAUSE 0x10000001

// Bits of curl_easy_pause: CONT (0) unpauses both directions.
#define CCURLPAUSE_CONT 0
#define CCURL_SEEKFUNC_OK 0
#define CCURL_SEEKFUNC_FAIL 1

// The size of an error buffer (CURL_ERROR_SIZE).
#define CCURL_ERROR_SIZE 256

/// A write, read or header callback: `(buffer, 1, count, user data) -> bytes handled`.
typedef size_t (*ccurl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);
/// A transfer-progress callback: `(user data, dltotal, dlnow, ultotal, ulnow) -> 0 to go on`.
typedef int (*ccurl_progress_callback)(void *userdata, int64_t dltotal, int64_t dlnow, int64_t ultotal,
                                       int64_t ulnow);
/// A seek callback: `(user data, offset, SEEK_SET/SEEK_CUR/SEEK_END) -> CCURL_SEEKFUNC_*`.
typedef int (*ccurl_seek_callback)(void *userdata, int64_t offset, int origin);

/// Loads libcurl (once per process) and initialises it. Returns 0 on success; otherwise fills `error`
/// (at most `length` bytes, NUL-terminated) with why it could not be loaded and returns -1.
int ccurl_load(char *error, size_t length);
/// libcurl's version string, such as "libcurl/7.88.1 OpenSSL/3.0.17 ..."; valid after `ccurl_load`.
const char *ccurl_version(void);
/// The description of a result code.
const char *ccurl_strerror(int code);

void *ccurl_easy_init(void);
void ccurl_easy_cleanup(void *easy);
void ccurl_easy_reset(void *easy);
int ccurl_easy_perform(void *easy);
int ccurl_easy_setopt_long(void *easy, int option, long value);
int ccurl_easy_setopt_pointer(void *easy, int option, const void *value);
int ccurl_easy_setopt_off_t(void *easy, int option, int64_t value);
/// Sets a blob option (`struct curl_blob` with CURL_BLOB_COPY): libcurl copies the `length` bytes at `data`.
int ccurl_easy_setopt_blob(void *easy, int option, const void *data, size_t length);
int ccurl_easy_setopt_data_callback(void *easy, int option, ccurl_data_callback callback);
int ccurl_easy_setopt_progress_callback(void *easy, int option, ccurl_progress_callback callback);
int ccurl_easy_setopt_seek_callback(void *easy, int option, ccurl_seek_callback callback);
/// Pauses or unpauses a transfer (`CCURLPAUSE_CONT` unpauses); call it only on the thread driving its
/// multi handle. Unpausing may call the write callback before it returns.
int ccurl_easy_pause(void *easy, int bitmask);
int ccurl_easy_getinfo_long(void *easy, int info, long *value);
int ccurl_easy_getinfo_off_t(void *easy, int info, int64_t *value);
int ccurl_easy_getinfo_string(void *easy, int info, const char **value);

/// Appends a copy of `string` to `list` (NULL for a new list); returns the list, or NULL when out of memory.
void *ccurl_slist_append(void *list, const char *string);
void ccurl_slist_free_all(void *list);

void *ccurl_multi_init(void);
int ccurl_multi_cleanup(void *multi);
int ccurl_multi_setopt_long(void *multi, int option, long value);
int ccurl_multi_add_handle(void *multi, void *easy);
int ccurl_multi_remove_handle(void *multi, void *easy);
int ccurl_multi_perform(void *multi, int *running);
int ccurl_multi_poll(void *multi, int timeout_ms, int *ready);
int ccurl_multi_wakeup(void *multi);
int ccurl_multi_timeout(void *multi, long *timeout_ms);
/// Takes the next finished transfer of `multi`: returns 1 and sets `easy` and `result`, or returns 0
/// when there is none.
int ccurl_multi_next_done(void *multi, void **easy, int *result);

#endif
