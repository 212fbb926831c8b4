/// Called with the result of a request: Moya's `Completion`.
public typealias Completion = (_ result: Result<Response, MoyaError>) -> Void

/// Called as a request's transfer advances: Moya's `ProgressBlock`.
public typealias ProgressBlock = (_ progress: ProgressResponse) -> Void

/// How far a request has come, and its response once it is complete: Moya's `ProgressResponse`.
public struct ProgressResponse {
    /// The response, in the last report.
    public let response: Response?
    /// The transfer's byte counts: sent, for an upload; received, otherwise.
    public let progressObject: Progress?

    /// Creates a progress report.
    ///
    /// - Parameters:
    ///   - progress: The transfer's byte counts. Default: `nil`.
    ///   - response: The response, once the request is complete. Default: `nil`.
    public init(progress: Progress? = nil, response: Response? = nil) {
        self.progressObject = progress
        self.response = response
    }

    /// The fraction done: 1.0 once complete; else the progress object's fraction when its total is
    /// known (above zero); else 0.0.
    public var progress: Double {
        if completed { return 1.0 }
        if let progressObject, progressObject.totalUnitCount > 0 { return progressObject.fractionCompleted }
        return 0.0
    }

    /// Whether the request is complete: the report carries its response.
    public var completed: Bool { response != nil }
}
