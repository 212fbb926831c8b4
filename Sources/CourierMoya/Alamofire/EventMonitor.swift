/// Hears of the events of every request a ``Session`` sends: Alamofire's `EventMonitor`. Every method
/// has a default that does nothing, and each is called on the monitor's ``queue``.
public protocol EventMonitor {
    /// The queue the monitor's methods are called on. Default: the main queue.
    var queue: DispatchQueue { get }

    /// The session's `URLSession` became invalid.
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: Error?)
    /// A request's first `URLRequest` was made.
    func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest)
    /// A request's `URLRequest` was adapted by the interceptors.
    func request(_ request: Request, didAdaptInitialRequest initialRequest: URLRequest, to adaptedRequest: URLRequest)
    /// Adapting a request failed.
    func request(_ request: Request, didFailToAdaptURLRequest initialRequest: URLRequest, withError error: AFError)
    /// The `URLRequest` of an attempt is final.
    func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest)
    /// An attempt's task was made.
    func request(_ request: Request, didCreateTask task: URLSessionTask)
    /// An attempt's task ended, with the error it ended with.
    func request(_ request: Request, didCompleteTask task: URLSessionTask, with error: AFError?)
    /// A request is about to be retried.
    func requestIsRetrying(_ request: Request)
    /// A request is done.
    func requestDidFinish(_ request: Request)
    /// A request was started.
    func requestDidResume(_ request: Request)
    /// A request was cancelled.
    func requestDidCancel(_ request: Request)
    /// A request's first `URLRequest` could not be made (or the session refused it).
    func request(_ request: Request, didFailToCreateURLRequestWithError error: AFError)
    /// A validation judged a data request's response.
    func request(
        _ request: DataRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse, data: Data?,
        withResult result: Request.ValidationResult)
    /// A data request's `response(queue:completionHandler:)` handler made its response.
    func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>)
    /// A serializing response handler of a data request made its response.
    func request<Value>(_ request: DataRequest, didParseResponse response: DataResponse<Value, AFError>)
}

extension EventMonitor {
    /// The main queue.
    public var queue: DispatchQueue { .main }

    /// Does nothing.
    public func urlSession(_ session: URLSession, didBecomeInvalidWithError error: Error?) {}
    /// Does nothing.
    public func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest) {}
    /// Does nothing.
    public func request(
        _ request: Request, didAdaptInitialRequest initialRequest: URLRequest, to adaptedRequest: URLRequest
    ) {}
    /// Does nothing.
    public func request(
        _ request: Request, didFailToAdaptURLRequest initialRequest: URLRequest, withError error: AFError
    ) {}
    /// Does nothing.
    public func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest) {}
    /// Does nothing.
    public func request(_ request: Request, didCreateTask task: URLSessionTask) {}
    /// Does nothing.
    public func request(_ request: Request, didCompleteTask task: URLSessionTask, with error: AFError?) {}
    /// Does nothing.
    public func requestIsRetrying(_ request: Request) {}
    /// Does nothing.
    public func requestDidFinish(_ request: Request) {}
    /// Does nothing.
    public func requestDidResume(_ request: Request) {}
    /// Does nothing.
    public func requestDidCancel(_ request: Request) {}
    /// Does nothing.
    public func request(_ request: Request, didFailToCreateURLRequestWithError error: AFError) {}
    /// Does nothing.
    public func request(
        _ request: DataRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse, data: Data?,
        withResult result: Request.ValidationResult
    ) {}
    /// Does nothing.
    public func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>) {}
    /// Does nothing.
    public func request<Value>(_ request: DataRequest, didParseResponse response: DataResponse<Value, AFError>) {}
}

/// Several monitors as one, each told on its own queue: Alamofire's `CompositeEventMonitor`.
public final class CompositeEventMonitor: EventMonitor, @unchecked Sendable {
    /// The queue of the composite itself.
    public let queue = DispatchQueue(label: "org.alamofire.compositeEventMonitor")
    /// The monitors, in order.
    let monitors: [EventMonitor]

    init(monitors: [EventMonitor]) {
        self.monitors = monitors
    }

    /// Calls `event` for each monitor on the monitor's queue.
    func performEvent(_ event: @escaping (EventMonitor) -> Void) {
        for monitor in monitors {
            let call = Unchecked({ event(monitor) })
            monitor.queue.async { call.value() }
        }
    }

    /// Tells every monitor.
    public func urlSession(_ session: URLSession, didBecomeInvalidWithError error: Error?) {
        performEvent { $0.urlSession(session, didBecomeInvalidWithError: error) }
    }
    /// Tells every monitor.
    public func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest) {
        performEvent { $0.request(request, didCreateInitialURLRequest: urlRequest) }
    }
    /// Tells every monitor.
    public func request(
        _ request: Request, didAdaptInitialRequest initialRequest: URLRequest, to adaptedRequest: URLRequest
    ) {
        performEvent { $0.request(request, didAdaptInitialRequest: initialRequest, to: adaptedRequest) }
    }
    /// Tells every monitor.
    public func request(
        _ request: Request, didFailToAdaptURLRequest initialRequest: URLRequest, withError error: AFError
    ) {
        performEvent { $0.request(request, didFailToAdaptURLRequest: initialRequest, withError: error) }
    }
    /// Tells every monitor.
    public func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest) {
        performEvent { $0.request(request, didCreateURLRequest: urlRequest) }
    }
    /// Tells every monitor.
    public func request(_ request: Request, didCreateTask task: URLSessionTask) {
        performEvent { $0.request(request, didCreateTask: task) }
    }
    /// Tells every monitor.
    public func request(_ request: Request, didCompleteTask task: URLSessionTask, with error: AFError?) {
        performEvent { $0.request(request, didCompleteTask: task, with: error) }
    }
    /// Tells every monitor.
    public func requestIsRetrying(_ request: Request) {
        performEvent { $0.requestIsRetrying(request) }
    }
    /// Tells every monitor.
    public func requestDidFinish(_ request: Request) {
        performEvent { $0.requestDidFinish(request) }
    }
    /// Tells every monitor.
    public func requestDidResume(_ request: Request) {
        performEvent { $0.requestDidResume(request) }
    }
    /// Tells every monitor.
    public func requestDidCancel(_ request: Request) {
        performEvent { $0.requestDidCancel(request) }
    }
    /// Tells every monitor.
    public func request(_ request: Request, didFailToCreateURLRequestWithError error: AFError) {
        performEvent { $0.request(request, didFailToCreateURLRequestWithError: error) }
    }
    /// Tells every monitor.
    public func request(
        _ request: DataRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse, data: Data?,
        withResult result: Request.ValidationResult
    ) {
        performEvent {
            $0.request(request, didValidateRequest: urlRequest, response: response, data: data, withResult: result)
        }
    }
    /// Tells every monitor.
    public func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>) {
        performEvent { $0.request(request, didParseResponse: response) }
    }
    /// Tells every monitor.
    public func request<Value>(_ request: DataRequest, didParseResponse response: DataResponse<Value, AFError>) {
        performEvent { $0.request(request, didParseResponse: response) }
    }
}
