import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// libcurl could not be loaded, so ``CurlTransport`` cannot be made; `Provider()` then uses
/// ``URLSessionTransport``.
public struct CurlUnavailableError: Error, LocalizedError, Sendable, Equatable {
    /// Why: the library is missing, or lacks a function Courier needs.
    public let reason: String

    /// Creates the error.
    public init(reason: String) {
        self.reason = reason
    }

    /// A sentence saying that libcurl could not be loaded, and why.
    public var errorDescription: String? {
        "CurlTransport needs libcurl (libcurl.so.4), which could not be loaded: \(reason)"
    }
}

/// libcurl's result codes as the `URLError` codes URLSession reports for the same failures, so that
/// code checking `URLError.Code` (and ``RetryPolicy``) works the same on both transports.
enum CurlErrors {
    /// The `URLError` for result `code`, with libcurl's message as its description and the URL.
    static func urlError(_ code: Int32, message: String?, url: URL) -> URLError {
        let description = message ?? CurlLibrary.describe(code)
        return URLError(
            urlErrorCode(code),
            userInfo: [
                NSLocalizedDescriptionKey: description, NSURLErrorFailingURLErrorKey: url,
            ])
    }

    static func urlErrorCode(_ code: Int32) -> URLError.Code {
        switch code {
        case CCURLE_UNSUPPORTED_PROTOCOL, CCURLE_WEIRD_SERVER_REPLY: .badServerResponse
        case CCURLE_URL_MALFORMAT: .badURL
        case CCURLE_COULDNT_RESOLVE_HOST, CCURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
        case CCURLE_COULDNT_CONNECT, CCURLE_PROXY: .cannotConnectToHost
        case CCURLE_OPERATION_TIMEDOUT: .timedOut
        case CCURLE_PARTIAL_FILE, CCURLE_GOT_NOTHING, CCURLE_SEND_ERROR, CCURLE_RECV_ERROR, CCURLE_HTTP2,
            CCURLE_HTTP2_STREAM:
            .networkConnectionLost
        case CCURLE_SSL_CONNECT_ERROR, CCURLE_SSL_CIPHER, CCURLE_SSL_CACERT_BADFILE: .secureConnectionFailed
        case CCURLE_PEER_FAILED_VERIFICATION, CCURLE_SSL_ISSUER_ERROR, CCURLE_SSL_PINNEDPUBKEYNOTMATCH:
            .serverCertificateUntrusted
        case CCURLE_SSL_CERTPROBLEM: .clientCertificateRejected
        case CCURLE_BAD_CONTENT_ENCODING: .cannotDecodeContentData
        case CCURLE_TOO_MANY_REDIRECTS: .httpTooManyRedirects
        case CCURLE_READ_ERROR, CCURLE_SEND_FAIL_REWIND: .requestBodyStreamExhausted
        case CCURLE_WRITE_ERROR: .cannotWriteToFile
        case CCURLE_ABORTED_BY_CALLBACK: .cancelled
        default: .unknown
        }
    }
}
