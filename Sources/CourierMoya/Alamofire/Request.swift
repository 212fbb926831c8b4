import Courier

/// One request a ``Session`` sends, through its attempts: Alamofire's `Request`, as an interceptor's
/// `retry` and an ``EventMonitor`` see it.
///
/// ```swift
/// func retry(_ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void) {
///     guard request.retryCount < 2, let response = request.task?.response as? HTTPURLResponse,
///         response.statusCode == 401 else { return completion(.doNotRetry) }
///     refreshToken { completion(.retry) }
/// }
/// ```
public class Request: @unchecked Sendable {
    /// Where a request is in its life.
    public enum State {
        /// Made, not started.
        case initialized
        /// Started.
        case resumed
        /// Paused.
        case suspended
        /// Cancelled.
        case cancelled
        /// Done.
        case finished
    }

    /// The request's identity.
    public let id: UUID
    /// The queue its events run on.
    public let underlyingQueue: DispatchQueue
    /// The queue its responses are read on.
    public let serializationQueue: DispatchQueue
    /// The interceptor given to this request alone, besides the session's.
    public let interceptor: RequestInterceptor?
    /// The progress of its upload.
    public let uploadProgress = Progress(totalUnitCount: 0)
    /// The progress of its download.
    public let downloadProgress = Progress(totalUnitCount: 0)

    let storage = Locked(MutableState())

    struct MutableState {
        var state: State = .initialized
        var requests: [URLRequest] = []
        var response: HTTPURLResponse?
        var retryCount = 0
        var error: AFError?
        var credential: URLCredential?
        var cancel: (@Sendable () -> Void)?
    }

    /// Creates a request.
    init(
        id: UUID = UUID(), underlyingQueue: DispatchQueue = DispatchQueue(label: "CourierMoya.Request"),
        serializationQueue: DispatchQueue? = nil, interceptor: RequestInterceptor? = nil
    ) {
        self.id = id
        self.underlyingQueue = underlyingQueue
        self.serializationQueue = serializationQueue ?? underlyingQueue
        self.interceptor = interceptor
    }

    /// Where the request is in its life.
    public var state: State { storage.withLock { $0.state } }
    /// Whether it has not started.
    public var isInitialized: Bool { state == .initialized }
    /// Whether it has started.
    public var isResumed: Bool { state == .resumed }
    /// Whether it is paused.
    public var isSuspended: Bool { state == .suspended }
    /// Whether it was cancelled.
    public var isCancelled: Bool { state == .cancelled }
    /// Whether it is done.
    public var isFinished: Bool { state == .finished }

    /// The `URLRequest` of each attempt, in order.
    public var requests: [URLRequest] { storage.withLock { $0.requests } }
    /// The first attempt's `URLRequest`.
    public var firstRequest: URLRequest? { requests.first }
    /// The last attempt's `URLRequest`.
    public var lastRequest: URLRequest? { requests.last }
    /// The last attempt's `URLRequest`.
    public var request: URLRequest? { lastRequest }
    /// The `URLRequest`s as they were sent.
    public var performedRequests: [URLRequest] { requests }
    /// The HTTP response of the last attempt, if one arrived.
    public var response: HTTPURLResponse? { storage.withLock { $0.response } }
    /// How many times the request was retried.
    public var retryCount: Int { storage.withLock { $0.retryCount } }
    /// Why the request failed, if it did.
    public var error: AFError? { storage.withLock { $0.error } }
    /// The credential it answers an authentication challenge with.
    public var credential: URLCredential? { storage.withLock { $0.credential } }

    /// A task standing for the last attempt, whose `response`, `originalRequest` and `currentRequest` are
    /// the attempt's, as interceptors read `request.task?.response`; `nil` before any attempt.
    public var task: URLSessionTask? {
        let (request, response) = storage.withLock { ($0.requests.last, $0.response) }
        guard let request else { return nil }
        return AttemptTask(request: request, response: response)
    }

    /// The tasks of every attempt.
    public var tasks: [URLSessionTask] { task.map { [$0] } ?? [] }
    /// The first attempt's task.
    public var firstTask: URLSessionTask? { task }
    /// The last attempt's task.
    public var lastTask: URLSessionTask? { task }

    /// Cancels the request; it fails with ``AFError/explicitlyCancelled``.
    @discardableResult
    public func cancel() -> Self {
        let cancel = storage.withLock { state -> (@Sendable () -> Void)? in
            guard state.state != .finished, state.state != .cancelled else { return nil }
            state.state = .cancelled
            state.error = .explicitlyCancelled
            return state.cancel
        }
        cancel?()
        return self
    }

    /// Starts the request, if it has not started.
    @discardableResult
    public func resume() -> Self {
        storage.withLock { state in
            if state.state == .initialized || state.state == .suspended { state.state = .resumed }
        }
        return self
    }

    /// Pauses the request. (The transfer itself goes on; Courier's transports pause only a slow reader.)
    @discardableResult
    public func suspend() -> Self {
        storage.withLock { state in
            if state.state == .resumed { state.state = .suspended }
        }
        return self
    }

    /// Answers an authentication challenge with this user and password.
    @discardableResult
    public func authenticate(username: String, password: String, persistence: URLCredential.Persistence = .forSession)
        -> Self
    {
        authenticate(with: URLCredential(user: username, password: password, persistence: persistence))
    }

    /// Answers an authentication challenge with `credential`.
    @discardableResult
    public func authenticate(with credential: URLCredential) -> Self {
        storage.withLock { $0.credential = credential }
        return self
    }

    /// A `curl` command that sends the last attempt's request, its secrets hidden.
    public func cURLDescription() -> String {
        guard let request = lastRequest else { return "$ curl command could not be created" }
        return CURLCommand(request: request, redaction: .default).text
    }

    /// Calls `handler` with ``cURLDescription()``, on the request's queue.
    @discardableResult
    public func cURLDescription(on queue: DispatchQueue, calling handler: @escaping (String) -> Void) -> Self {
        let description = Unchecked((cURLDescription(), handler))
        queue.async { description.value.1(description.value.0) }
        return self
    }

    /// Calls `handler` with ``cURLDescription()``.
    @discardableResult
    public func cURLDescription(calling handler: @escaping (String) -> Void) -> Self {
        handler(cURLDescription())
        return self
    }

    /// Records an attempt's request.
    func didCreate(_ urlRequest: URLRequest) {
        storage.withLock { $0.requests.append(urlRequest) }
    }

    /// Records how the last attempt ended.
    func didComplete(response: HTTPURLResponse?, error: AFError?, retryCount: Int) {
        storage.withLock { state in
            state.response = response
            state.error = error
            state.retryCount = retryCount
        }
    }
}

extension Request: Equatable {
    /// Two requests are equal when they are the same request.
    public static func == (lhs: Request, rhs: Request) -> Bool {
        lhs.id == rhs.id
    }
}

extension Request: Hashable {
    /// Hashes the request's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension Request: CustomStringConvertible {
    /// `GET https://api.example.com/zen (200)`: the method, URL and status of the last attempt.
    public var description: String {
        guard let request = lastRequest, let url = request.url else { return "No request created yet." }
        let line = "\(request.httpMethod ?? "GET") \(Redaction.default.redactedURL(url))"
        return response.map { "\(line) (\($0.statusCode))" } ?? line
    }
}

extension Request: RequestType {
    /// The header fields the session adds to every request; none are known to a request alone.
    public var sessionHeaders: [String: String] { [:] }
}

/// A request whose response body is kept in memory: Alamofire's `DataRequest`.
public class DataRequest: Request, @unchecked Sendable {}

/// A request whose body is uploaded: Alamofire's `UploadRequest`.
public class UploadRequest: DataRequest, @unchecked Sendable {}

/// A request whose response body is written to a file: Alamofire's `DownloadRequest`.
public class DownloadRequest: Request, @unchecked Sendable {
    /// What to do with an existing file at the destination, and with missing folders.
    public typealias Options = Courier.DownloadOptions

    /// Chooses where a finished download goes, from its temporary file and its response.
    public typealias Destination = (_ temporaryURL: URL, _ response: HTTPURLResponse) -> (
        destinationURL: URL, options: Options
    )

    /// A destination in the user's `directory` (the documents folder by default), under the name the
    /// server suggests (else the URL's last path component).
    ///
    /// - Parameters:
    ///   - directory: The folder. Default: `.documentDirectory`.
    ///   - domain: Where to look for it. Default: `.userDomainMask`.
    ///   - options: What to do with an existing file and missing folders. Default: none.
    public class func suggestedDownloadDestination(
        for directory: FileManager.SearchPathDirectory = .documentDirectory,
        in domain: FileManager.SearchPathDomainMask = .userDomainMask, options: Options = []
    ) -> Destination {
        { temporaryURL, response in
            let folder =
                FileManager.default.urls(for: directory, in: domain).first ?? temporaryURL.deletingLastPathComponent()
            let name = response.suggestedFilename ?? response.url?.lastPathComponent ?? temporaryURL.lastPathComponent
            return (
                folder.appendingPathComponent(DownloadDestinations.safeFileName(name, fallback: "download")), options
            )
        }
    }
}

/// A Moya download destination.
public typealias DownloadDestination = DownloadRequest.Destination

/// The task an attempt of a ``Request`` stands for: its request and the response that came back.
final class AttemptTask: URLSessionDataTask, @unchecked Sendable {
    private let request: URLRequest
    private let attemptResponse: URLResponse?

    init(request: URLRequest, response: URLResponse?) {
        self.request = request
        attemptResponse = response
        super.init()
    }

    override var response: URLResponse? { attemptResponse }
    override var originalRequest: URLRequest? { request }
    override var currentRequest: URLRequest? { request }
    override var state: URLSessionTask.State { attemptResponse == nil ? .running : .completed }
}
