import Courier

/// A request whose response body is kept in memory: Alamofire's `DataRequest`, which
/// ``Session/request(_:method:parameters:encoding:headers:interceptor:requestModifier:)`` makes.
///
/// ```swift
/// AF.request("https://api.example.com/users", parameters: ["page": 2])
///     .validate()
///     .responseDecodable(of: [User].self) { response in show(response.value ?? []) }
/// ```
///
/// Its life is Alamofire's: the `URLRequest` is made from ``convertible`` (and adapted by the
/// interceptors: the request's, then the session's) at once and again for each retry; it is sent
/// once the request is resumed: by its first response handler when the session's
/// ``Session/startRequestsImmediately`` is `true`, else by ``Request/resume()``. An attempt that fails
/// (a transport error, a failed validation) is put to the retriers. When the request is done, every
/// response handler gets the same request, response and body, each on its own queue, in the order
/// they were added; a handler added later gets them too.
///
/// It is sent through the session's Courier transport (libcurl on Linux), without `URLSession` tasks:
/// ``Request/task`` stands for the last attempt, and metrics are `nil`.
public class DataRequest: Request, @unchecked Sendable {
    /// The value the request's `URLRequest` is made from, for each attempt.
    public let convertible: URLRequestConvertible

    /// The body of the last response; `nil` before one arrived, and when it was empty.
    public var data: Data? { dataState.withLock { $0.data } }

    /// The session that made the request; weak, as in Alamofire, so that a request never resumed does
    /// not keep it.
    weak var session: Session?
    /// The transport the session sends with.
    let transport: any Transport
    let dataState = Locked(DataState())

    /// What a data request keeps beside ``Request``'s state.
    struct DataState {
        var data: Data?
        var validators: [Validation] = []
        /// The response handlers not yet called, in order.
        var handlers: [ResponseHandler] = []
        /// Whether a run of the request (its attempts, then its handlers) is under way.
        var isRunning = true
        /// How the attempts ended, once they have.
        var outcome: Outcome?
        /// Whether ``Request/resume()`` has let the request send.
        var mayStart = false
        /// The run waiting to send until the request is resumed.
        var startWaiter: CheckedContinuation<Void, Never>?
    }

    /// How the attempts of a request ended: what its response handlers serialize.
    struct Outcome {
        let request: URLRequest?
        let response: HTTPURLResponse?
        let data: Data?
        let error: AFError?
    }

    /// A response handler: serializes an outcome, and then calls the app's closure (with the
    /// serialized response, or with a retrier's error in its place).
    struct ResponseHandler {
        let serialize: (Outcome) -> Serialized
    }

    /// A serialized response, ready for the app's closure.
    struct Serialized {
        /// Why serializing failed, when the request itself had not; the retriers are asked about it.
        let failure: AFError?
        /// Calls the app's closure on its queue, with the given error in place of the result, if any.
        let deliver: (AFError?) -> Void
    }

    init(convertible: URLRequestConvertible, session: Session, interceptor: RequestInterceptor?) {
        self.convertible = convertible
        self.session = session
        transport = session.transport
        super.init(
            underlyingQueue: session.rootQueue, serializationQueue: session.serializationQueue,
            interceptor: interceptor, eventMonitor: session.eventMonitor,
            sessionHeaders: session.sessionConfiguration.httpAdditionalHeaders as? [String: String] ?? [:])
    }

    /// Adds a response handler and, when the session starts requests immediately, resumes the request.
    /// A handler added after the request is done is run at once.
    func appendResponseHandler(_ handler: ResponseHandler) {
        let runsNow = dataState.withLock { state -> Bool in
            state.handlers.append(handler)
            guard !state.isRunning, state.outcome != nil else { return false }
            state.isRunning = true
            return true
        }
        if runsNow {
            storage.withLock { if $0.state == .finished { $0.state = .resumed } }
            launch(attempting: false)
        }
        if session?.startRequestsImmediately == true {
            resume()
        }
    }

    /// Lets the attempts send.
    override func didResume() {
        let waiter = dataState.withLock { state in
            state.mayStart = true
            defer { state.startWaiter = nil }
            return state.startWaiter
        }
        waiter?.resume()
    }

    /// Waits until the request may send (it was resumed), or its run was cancelled.
    func waitUntilResumed() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let mayStart = dataState.withLock { state -> Bool in
                    guard !state.mayStart, !_Concurrency.Task.isCancelled else { return true }
                    state.startWaiter = continuation
                    return false
                }
                if mayStart { continuation.resume() }
            }
        } onCancel: {
            let waiter = dataState.withLock { state in
                defer { state.startWaiter = nil }
                return state.startWaiter
            }
            waiter?.resume()
        }
    }

    /// Starts a run of the request as work of its session, which ``Request/cancel()`` and
    /// ``Session/cancelAllRequests(completingOnQueue:completion:)`` cancel.
    func launch(attempting: Bool) {
        let run: @Sendable () async -> Void = { [self] in await self.run(attempting: attempting) }
        let task = session?.start(run) ?? _Concurrency.Task { await run() }
        storage.withLock { $0.cancel = { task.cancel() } }
        // A request cancelled before its run was recorded cancels the run now.
        if isCancelled { task.cancel() }
    }

    /// The attempts (unless the request already has its outcome), then the response handlers; again
    /// when a handler's failure is retried.
    private func run(attempting: Bool) async {
        var attempting = attempting
        while true {
            if attempting {
                let outcome = await performAttempts()
                dataState.withLock { $0.outcome = outcome }
                eventMonitor?.requestDidFinish(self)
            }
            guard case .retry(let delay) = await runResponseHandlers() else { return }
            attempting = await prepareForRetry(after: delay)
            if !attempting {
                let outcome = cancelledOutcome()
                dataState.withLock { $0.outcome = outcome }
                eventMonitor?.requestDidFinish(self)
            }
        }
    }
}

/// A request whose body is uploaded: Alamofire's `UploadRequest`.
public class UploadRequest: DataRequest, @unchecked Sendable {}
