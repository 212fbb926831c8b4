/// A target resolved into what a request needs: URL, method, task, headers and a stub answer, as
/// Moya's `Endpoint` class.
///
/// A ``MoyaProvider``'s `endpointClosure` makes one for each target; change it there (add headers,
/// replace the task) for every request of a provider, or subclass it as with Moya.
open class Endpoint {
    /// Makes the stub answer of a request.
    public typealias SampleResponseClosure = () -> EndpointSampleResponse

    /// The full URL, as a string.
    public let url: String
    /// Makes the stub answer; called once for each stubbed request.
    public let sampleResponseClosure: SampleResponseClosure
    /// The HTTP method.
    public let method: Method
    /// What the request carries.
    public let task: Task
    /// The header fields, or `nil` for none.
    public let httpHeaderFields: [String: String]?

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - url: The full URL, as a string.
    ///   - sampleResponseClosure: Makes the stub answer.
    ///   - method: The HTTP method.
    ///   - task: What the request carries.
    ///   - httpHeaderFields: The header fields, or `nil` for none.
    public init(
        url: String, sampleResponseClosure: @escaping SampleResponseClosure, method: Method, task: Task,
        httpHeaderFields: [String: String]?
    ) {
        self.url = url
        self.sampleResponseClosure = sampleResponseClosure
        self.method = method
        self.task = task
        self.httpHeaderFields = httpHeaderFields
    }

    /// A copy with `newHTTPHeaderFields` added; a new value replaces one of the same name.
    open func adding(newHTTPHeaderFields: [String: String]) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: adding(newHTTPHeaderFields))
    }

    /// A copy with `task` in place of the current task.
    open func replacing(task: Task) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: httpHeaderFields)
    }

    private func adding(_ headers: [String: String]) -> [String: String]? {
        guard !headers.isEmpty else { return httpHeaderFields }
        var fields = httpHeaderFields ?? [:]
        for (name, value) in headers {
            fields[name] = value
        }
        return fields
    }
}
