/// Every way a request can fail as Alamofire reports it: Alamofire's `AFError`, found inside
/// ``MoyaError/underlying(_:_:)`` where Moya on Alamofire puts one.
///
/// ```swift
/// if case .underlying(let error, _) = moyaError, let afError = error.asAFError,
///     case .sessionTaskFailed(let urlError as URLError) = afError, urlError.code == .notConnectedToInternet {
///     showOffline()
/// }
/// ```
///
/// It is `@unchecked Sendable` for ``invalidURL(url:)``, whose ``URLConvertible`` need not be `Sendable`
/// (as in the Alamofire Moya 15 was written for); its other payloads are values and errors.
public enum AFError: Error, @unchecked Sendable {
    /// Why a multipart form could not be encoded.
    public enum MultipartEncodingFailureReason: Sendable {
        /// The URL of a file part is not a file URL.
        case bodyPartURLInvalid(url: URL)
        /// The file name could not be taken from a file part's URL.
        case bodyPartFilenameInvalid(in: URL)
        /// The file of a part does not exist.
        case bodyPartFileNotReachable(at: URL)
        /// Whether the file of a part exists could not be told.
        case bodyPartFileNotReachableWithError(atURL: URL, error: Error)
        /// The file of a part is a directory.
        case bodyPartFileIsDirectory(at: URL)
        /// The size of a part's file could not be read.
        case bodyPartFileSizeNotAvailable(at: URL)
        /// Reading the size of a part's file failed.
        case bodyPartFileSizeQueryFailedWithError(forURL: URL, error: Error)
        /// A part's file could not be opened.
        case bodyPartInputStreamCreationFailed(for: URL)
        /// The file the form is written to could not be created.
        case outputStreamCreationFailed(for: URL)
        /// The file the form is written to exists already.
        case outputStreamFileAlreadyExists(at: URL)
        /// The URL the form is written to is not a file URL.
        case outputStreamURLInvalid(url: URL)
        /// Writing the form failed.
        case outputStreamWriteFailed(error: Error)
        /// Reading a part's stream failed.
        case inputStreamReadFailed(error: Error)
    }

    /// The length a stream part was given and the bytes it held.
    public struct UnexpectedInputStreamLength: Error, Sendable {
        /// The length the part was given.
        public var bytesExpected: UInt64
        /// The bytes read before the stream ended.
        public var bytesRead: UInt64

        /// Creates the error.
        public init(bytesExpected: UInt64, bytesRead: UInt64) {
            self.bytesExpected = bytesExpected
            self.bytesRead = bytesRead
        }
    }

    /// Why parameters could not be encoded by a ``ParameterEncoding``.
    public enum ParameterEncodingFailureReason: Sendable {
        /// The request has no URL to put the parameters in.
        case missingURL
        /// The parameters could not be written as JSON.
        case jsonEncodingFailed(error: Error)
        /// An encoding of the app's own failed.
        case customEncodingFailed(error: Error)
    }

    /// Why an `Encodable` value could not be encoded into a request.
    public enum ParameterEncoderFailureReason: Sendable {
        /// What a request lacked.
        public enum RequiredComponent: Sendable {
            /// The request has no URL.
            case url
            /// The request's method is not one the encoder knows.
            case httpMethod(rawValue: String)
        }

        /// The request lacks what the encoding needs.
        case missingRequiredComponent(RequiredComponent)
        /// The encoder failed.
        case encoderFailed(error: Error)
    }

    /// Why a response was refused by validation.
    public enum ResponseValidationFailureReason: Sendable {
        /// A download has no file to validate.
        case dataFileNil
        /// A download's file could not be read.
        case dataFileReadFailed(at: URL)
        /// The response has no `Content-Type` where one of these was required.
        case missingContentType(acceptableContentTypes: [String])
        /// The response's `Content-Type` is none of these.
        case unacceptableContentType(acceptableContentTypes: [String], responseContentType: String)
        /// The status code is not one the validation accepts.
        case unacceptableStatusCode(code: Int)
        /// A validation of the app's own failed.
        case customValidationFailed(error: Error)
    }

    /// Why a response could not be turned into a value.
    public enum ResponseSerializationFailureReason: Sendable {
        /// The body is empty (or missing) where a value was expected.
        case inputDataNilOrZeroLength
        /// A download has no file.
        case inputFileNil
        /// A download's file could not be read.
        case inputFileReadFailed(at: URL)
        /// The body is not text in this encoding.
        case stringSerializationFailed(encoding: String.Encoding)
        /// The body is not JSON.
        case jsonSerializationFailed(error: Error)
        /// The body could not be decoded.
        case decodingFailed(error: Error)
        /// A serializer of the app's own failed.
        case customSerializationFailed(error: Error)
        /// An empty body is not a value of this type.
        case invalidEmptyResponse(type: String)
    }

    /// Why a server's certificate was not trusted, under a ``ServerTrustManager``.
    public enum ServerTrustFailureReason: Sendable {
        /// The ``ServerTrustManager`` has no evaluator for the host, and every host must be evaluated.
        case noRequiredEvaluator(host: String)
        /// No certificates were found to pin.
        case noCertificatesFound
        /// No public keys were found to pin.
        case noPublicKeysFound
        /// The server's certificate chain failed the evaluation (expired, for another host, not from a
        /// trusted authority); the error is the transfer's.
        case trustEvaluationFailed(error: Error?)
        /// None of the server's certificates is one of the pinned certificates.
        case certificatePinningFailed(host: String)
        /// None of the server's public keys is one of the pinned keys.
        case publicKeyPinningFailed(host: String)
        /// An evaluator of the app's own failed.
        case customEvaluationFailed(error: Error)
    }

    /// Why a `URLRequest` was refused before it was sent.
    public enum URLRequestValidationFailureReason: Sendable {
        /// A `GET` request has a body.
        case bodyDataInGETRequest(Data)
    }

    /// The request could not be made.
    case createUploadableFailed(error: Error)
    /// The `URLRequest` could not be made.
    case createURLRequestFailed(error: Error)
    /// A finished download could not be moved to its destination.
    case downloadedFileMoveFailed(error: Error, source: URL, destination: URL)
    /// The request was cancelled.
    case explicitlyCancelled
    /// A ``URLConvertible`` is not a URL.
    case invalidURL(url: URLConvertible)
    /// A multipart form could not be encoded.
    case multipartEncodingFailed(reason: MultipartEncodingFailureReason)
    /// Parameters could not be encoded.
    case parameterEncodingFailed(reason: ParameterEncodingFailureReason)
    /// An `Encodable` value could not be encoded into the request.
    case parameterEncoderFailed(reason: ParameterEncoderFailureReason)
    /// An interceptor's `adapt` failed.
    case requestAdaptationFailed(error: Error)
    /// An interceptor's `retry` failed; the error it gave, and the one that made it decide.
    case requestRetryFailed(retryError: Error, originalError: Error)
    /// The response was refused by validation.
    case responseValidationFailed(reason: ResponseValidationFailureReason)
    /// The response could not be turned into a value.
    case responseSerializationFailed(reason: ResponseSerializationFailureReason)
    /// The server's certificate was not trusted.
    case serverTrustEvaluationFailed(reason: ServerTrustFailureReason)
    /// The session went away while the request was in flight.
    case sessionDeinitialized
    /// The session was invalidated, with the error it gave, if any.
    case sessionInvalidated(error: Error?)
    /// The transfer failed: the error is the transport's, a `URLError` such as `.timedOut` or
    /// `.notConnectedToInternet`.
    case sessionTaskFailed(error: Error)
    /// The `URLRequest` was refused before it was sent.
    case urlRequestValidationFailed(reason: URLRequestValidationFailureReason)
}

extension Error {
    /// The error as an ``AFError``, or `nil` when it is not one.
    public var asAFError: AFError? {
        self as? AFError
    }

    /// The error as an ``AFError``; an error that is not one is wrapped in
    /// ``AFError/createURLRequestFailed(error:)`` (Alamofire stops the app there instead).
    ///
    /// - Parameters:
    ///   - message: What Alamofire would stop with.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func asAFError(orFailWith message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line)
        -> AFError
    {
        self as? AFError ?? .createURLRequestFailed(error: self)
    }
}
