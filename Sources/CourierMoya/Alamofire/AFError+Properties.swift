extension AFError {
    /// Whether the error is ``createUploadableFailed(error:)``.
    public var isCreateUploadableError: Bool { if case .createUploadableFailed = self { true } else { false } }
    /// Whether the error is ``createURLRequestFailed(error:)``.
    public var isCreateURLRequestError: Bool { if case .createURLRequestFailed = self { true } else { false } }
    /// Whether the error is ``downloadedFileMoveFailed(error:source:destination:)``.
    public var isDownloadedFileMoveError: Bool { if case .downloadedFileMoveFailed = self { true } else { false } }
    /// Whether the error is ``explicitlyCancelled``.
    public var isExplicitlyCancelledError: Bool { if case .explicitlyCancelled = self { true } else { false } }
    /// Whether the error is ``invalidURL(url:)``.
    public var isInvalidURLError: Bool { if case .invalidURL = self { true } else { false } }
    /// Whether the error is ``multipartEncodingFailed(reason:)``.
    public var isMultipartEncodingError: Bool { if case .multipartEncodingFailed = self { true } else { false } }
    /// Whether the error is ``parameterEncodingFailed(reason:)``.
    public var isParameterEncodingError: Bool { if case .parameterEncodingFailed = self { true } else { false } }
    /// Whether the error is ``parameterEncoderFailed(reason:)``.
    public var isParameterEncoderError: Bool { if case .parameterEncoderFailed = self { true } else { false } }
    /// Whether the error is ``requestAdaptationFailed(error:)``.
    public var isRequestAdaptationError: Bool { if case .requestAdaptationFailed = self { true } else { false } }
    /// Whether the error is ``requestRetryFailed(retryError:originalError:)``.
    public var isRequestRetryError: Bool { if case .requestRetryFailed = self { true } else { false } }
    /// Whether the error is ``responseValidationFailed(reason:)``.
    public var isResponseValidationError: Bool { if case .responseValidationFailed = self { true } else { false } }
    /// Whether the error is ``responseSerializationFailed(reason:)``.
    public var isResponseSerializationError: Bool {
        if case .responseSerializationFailed = self { true } else { false }
    }
    /// Whether the error is ``serverTrustEvaluationFailed(reason:)``.
    public var isServerTrustEvaluationError: Bool {
        if case .serverTrustEvaluationFailed = self { true } else { false }
    }
    /// Whether the error is ``sessionDeinitialized``.
    public var isSessionDeinitializedError: Bool { if case .sessionDeinitialized = self { true } else { false } }
    /// Whether the error is ``sessionInvalidated(error:)``.
    public var isSessionInvalidatedError: Bool { if case .sessionInvalidated = self { true } else { false } }
    /// Whether the error is ``sessionTaskFailed(error:)``.
    public var isSessionTaskError: Bool { if case .sessionTaskFailed = self { true } else { false } }
    /// Whether the error is ``urlRequestValidationFailed(reason:)``.
    public var isURLRequestValidationError: Bool {
        if case .urlRequestValidationFailed = self { true } else { false }
    }

    /// The ``URLConvertible`` of ``invalidURL(url:)``.
    public var urlConvertible: URLConvertible? {
        guard case .invalidURL(let url) = self else { return nil }
        return url
    }

    /// The URL of ``invalidURL(url:)`` or of a multipart file, when it has one.
    public var url: URL? {
        switch self {
        case .invalidURL(let url): return try? url.asURL()
        case .multipartEncodingFailed(let reason): return reason.url
        default: return nil
        }
    }

    /// The error this one wraps, when it wraps one.
    public var underlyingError: Error? {
        switch self {
        case .createUploadableFailed(let error), .createURLRequestFailed(let error),
            .requestAdaptationFailed(let error), .sessionTaskFailed(let error):
            return error
        case .downloadedFileMoveFailed(let error, _, _):
            return error
        case .requestRetryFailed(let retryError, _):
            return retryError
        case .sessionInvalidated(let error):
            return error
        case .multipartEncodingFailed(let reason):
            return reason.underlyingError
        case .parameterEncodingFailed(let reason):
            return reason.underlyingError
        case .parameterEncoderFailed(let reason):
            if case .encoderFailed(let error) = reason { return error }
            return nil
        case .responseValidationFailed(let reason):
            if case .customValidationFailed(let error) = reason { return error }
            return nil
        case .responseSerializationFailed(let reason):
            return reason.underlyingError
        case .serverTrustEvaluationFailed(let reason):
            return reason.underlyingError
        case .explicitlyCancelled, .invalidURL, .sessionDeinitialized, .urlRequestValidationFailed:
            return nil
        }
    }

    /// The acceptable content types of a content type validation failure.
    public var acceptableContentTypes: [String]? {
        guard case .responseValidationFailed(let reason) = self else { return nil }
        switch reason {
        case .missingContentType(let types), .unacceptableContentType(let types, _): return types
        default: return nil
        }
    }

    /// The content type of an ``ResponseValidationFailureReason/unacceptableContentType(acceptableContentTypes:responseContentType:)``.
    public var responseContentType: String? {
        guard case .responseValidationFailed(.unacceptableContentType(_, let type)) = self else { return nil }
        return type
    }

    /// The status of an ``ResponseValidationFailureReason/unacceptableStatusCode(code:)``.
    public var responseCode: Int? {
        guard case .responseValidationFailed(.unacceptableStatusCode(let code)) = self else { return nil }
        return code
    }

    /// The encoding of a ``ResponseSerializationFailureReason/stringSerializationFailed(encoding:)``.
    public var failedStringEncoding: String.Encoding? {
        guard case .responseSerializationFailed(.stringSerializationFailed(let encoding)) = self else { return nil }
        return encoding
    }

    /// The source of a ``downloadedFileMoveFailed(error:source:destination:)``.
    public var sourceURL: URL? {
        guard case .downloadedFileMoveFailed(_, let source, _) = self else { return nil }
        return source
    }

    /// The destination of a ``downloadedFileMoveFailed(error:source:destination:)``.
    public var destinationURL: URL? {
        guard case .downloadedFileMoveFailed(_, _, let destination) = self else { return nil }
        return destination
    }
}

extension AFError.MultipartEncodingFailureReason {
    var url: URL? {
        switch self {
        case .bodyPartURLInvalid(let url), .bodyPartFilenameInvalid(let url), .bodyPartFileNotReachable(let url),
            .bodyPartFileIsDirectory(let url), .bodyPartFileSizeNotAvailable(let url),
            .bodyPartInputStreamCreationFailed(let url), .outputStreamCreationFailed(let url),
            .outputStreamFileAlreadyExists(let url), .outputStreamURLInvalid(let url),
            .bodyPartFileNotReachableWithError(let url, _), .bodyPartFileSizeQueryFailedWithError(let url, _):
            url
        case .outputStreamWriteFailed, .inputStreamReadFailed:
            nil
        }
    }

    var underlyingError: Error? {
        switch self {
        case .bodyPartFileNotReachableWithError(_, let error), .bodyPartFileSizeQueryFailedWithError(_, let error),
            .outputStreamWriteFailed(let error), .inputStreamReadFailed(let error):
            error
        default:
            nil
        }
    }
}

extension AFError.ParameterEncodingFailureReason {
    var underlyingError: Error? {
        switch self {
        case .jsonEncodingFailed(let error), .customEncodingFailed(let error): error
        case .missingURL: nil
        }
    }
}

extension AFError.ResponseSerializationFailureReason {
    var underlyingError: Error? {
        switch self {
        case .jsonSerializationFailed(let error), .decodingFailed(let error), .customSerializationFailed(let error):
            error
        default:
            nil
        }
    }
}

extension AFError.ServerTrustFailureReason {
    var underlyingError: Error? {
        switch self {
        case .trustEvaluationFailed(let error): error
        case .customEvaluationFailed(let error): error
        default: nil
        }
    }
}

extension AFError: LocalizedError {
    /// A sentence saying what went wrong.
    public var errorDescription: String? {
        switch self {
        case .explicitlyCancelled:
            return "The request was cancelled."
        case .invalidURL(let url):
            return "\(url) is not a URL."
        case .parameterEncodingFailed(.missingURL):
            return "The parameters belong in the URL, and the request has none."
        case .parameterEncodingFailed(.jsonEncodingFailed(let error)):
            return "The parameters could not be written as JSON: \(error.localizedDescription)"
        case .parameterEncodingFailed(.customEncodingFailed(let error)):
            return "The app's parameter encoding failed: \(error.localizedDescription)"
        case .parameterEncoderFailed(let reason):
            return "The request's Encodable value could not be encoded (\(reason))."
        case .multipartEncodingFailed(let reason):
            return "The multipart form could not be encoded (\(reason))."
        case .requestAdaptationFailed(let error):
            return "An interceptor could not adapt the request: \(error.localizedDescription)"
        case .responseValidationFailed(.unacceptableStatusCode(let code)):
            return "The server answered \(code), a status the request does not accept."
        case .responseValidationFailed(let reason):
            return "The response did not pass validation (\(reason))."
        case .responseSerializationFailed(let reason):
            return "The response could not be read as asked (\(reason))."
        case .requestRetryFailed(let retryError, let originalError):
            return "An interceptor stopped the retry with \(retryError.localizedDescription); the request had failed "
                + "with \(originalError.localizedDescription)"
        case .createUploadableFailed(let error):
            return "The upload could not be prepared: \(error.localizedDescription)"
        case .createURLRequestFailed(let error):
            return "The URLRequest could not be made: \(error.localizedDescription)"
        case .downloadedFileMoveFailed(let error, let source, let destination):
            return
                "The download could not be moved from \(source.path) to \(destination.path): \(error.localizedDescription)"
        case .serverTrustEvaluationFailed(let reason):
            return "The server is not trusted (\(reason))."
        case .sessionDeinitialized:
            return "The session went away while the request was in flight."
        case .sessionInvalidated(let error):
            return "The session was invalidated\(error.map { ": \($0.localizedDescription)" } ?? ".")"
        case .sessionTaskFailed(let error):
            return "The transfer failed: \(error.localizedDescription)"
        case .urlRequestValidationFailed(.bodyDataInGETRequest(let data)):
            return "A GET request may not have a body; this one has \(data.count) bytes."
        }
    }
}
