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
    /// The monitor that hears of the request's events: its session's.
    public let eventMonitor: EventMonitor?
    /// The header fields the request's session adds to every request.
    public let sessionHeaders: [String: String]

    let storage = Locked(MutableState())

    struct MutableState {
        var state: State = .initialized
        var requests: [URLRequest] = []
        var response: HTTPURLResponse?
        var retryCount = 0
        var error: AFError?
        var credential: URLCredential?
        var cancel: (@Sendable () -> Void)?
        var cURLHandlers: [(queue: DispatchQueue, handler: (String) -> Void)] = []
        var uploadProgressHandler: (handler: ProgressHandler, queue: DispatchQueue)?
        var downloadProgressHandler: (handler: ProgressHandler, queue: DispatchQueue)?
    }

    /// Creates a request.
    init(
        id: UUID = UUID(), underlyingQueue: DispatchQueue = DispatchQueue(label: "CourierMoya.Request"),
        serializationQueue: DispatchQueue? = nil, interceptor: RequestInterceptor? = nil,
        eventMonitor: EventMonitor? = nil, sessionHeaders: [String: String] = [:]
    ) {
        self.id = id
        self.underlyingQueue = underlyingQueue
        self.serializationQueue = serializationQueue ?? underlyingQueue
        self.interceptor = interceptor
        self.eventMonitor = eventMonitor
        self.sessionHeaders = sessionHeaders
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

    /// Cancels the request, unless it is done or cancelled already: its response handlers get
    /// ``AFError/explicitlyCancelled``.
    @discardableResult
    public func cancel() -> Self {
        let (isCancelled, cancel) = storage.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            guard state.state != .finished, state.state != .cancelled else { return (false, nil) }
            state.state = .cancelled
            state.error = .explicitlyCancelled
            return (true, state.cancel)
        }
        guard isCancelled else { return self }
        eventMonitor?.requestDidCancel(self)
        cancel?()
        return self
    }

    /// Starts the request, if it has not started (or resumes it, if it was suspended).
    @discardableResult
    public func resume() -> Self {
        let resumed = storage.withLock { state -> Bool in
            guard state.state == .initialized || state.state == .suspended else { return false }
            state.state = .resumed
            return true
        }
        if resumed {
            eventMonitor?.requestDidResume(self)
            didResume()
        }
        return self
    }

    /// Called once the request has moved to ``State/resumed``; a subclass that sends starts here.
    func didResume() {}

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
        return CURLDescription.command(for: request, sessionHeaders: sessionHeaders, credential: credential)
    }

    /// Calls `handler` on `queue` with ``cURLDescription()``: at once when the request's `URLRequest`
    /// exists, else once it is made (or has failed to be made).
    @discardableResult
    public func cURLDescription(on queue: DispatchQueue, calling handler: @escaping (String) -> Void) -> Self {
        let isMade = storage.withLock { state -> Bool in
            guard state.requests.isEmpty else { return true }
            state.cURLHandlers.append((queue, handler))
            return false
        }
        if isMade {
            let description = Unchecked((cURLDescription(), handler))
            queue.async { description.value.1(description.value.0) }
        }
        return self
    }

    /// Calls `handler` on ``underlyingQueue`` with ``cURLDescription()``, once the request's
    /// `URLRequest` exists.
    @discardableResult
    public func cURLDescription(calling handler: @escaping (String) -> Void) -> Self {
        cURLDescription(on: underlyingQueue, calling: handler)
    }

    /// Marks the request done, unless it was cancelled.
    func finish() {
        storage.withLock { state in
            if state.state != .cancelled { state.state = .finished }
        }
    }

    /// Records an attempt's request.
    func didCreate(_ urlRequest: URLRequest) {
        storage.withLock { $0.requests.append(urlRequest) }
    }

    /// Calls the handlers waiting for ``cURLDescription(on:calling:)``, once.
    func callCURLHandlers() {
        let handlers = storage.withLock { state in
            defer { state.cURLHandlers = [] }
            return state.cURLHandlers
        }
        guard !handlers.isEmpty else { return }
        let description = cURLDescription()
        for (queue, handler) in handlers {
            let call = Unchecked(handler)
            queue.async { call.value(description) }
        }
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

extension Request: RequestType {}

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
