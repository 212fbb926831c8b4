import Foundation

/// How far a request has come, and its response once it is complete.
public struct ProgressResponse: Sendable {
    /// The fraction done, from 0.0 to 1.0.
    public let progress: Double
    /// Whether the request is complete; the last report of a request.
    public let completed: Bool
    /// The response, in the last report.
    public let response: Response?
    /// The `Progress` the report was made from, when it was made from one;
    /// Moya's `progressObject`. Courier's own reports carry `nil`.
    public let progressObject: Progress?

    /// Creates a progress report.
    public init(progress: Double, completed: Bool = false, response: Response? = nil) {
        self.progress = progress
        self.completed = completed
        self.response = response
        self.progressObject = nil
    }

    /// Creates a progress report from a `Progress`, as Moya's initializer does.
    ///
    /// It is ``completed`` when it has a response, and its ``progress`` is then 1.0; otherwise the
    /// fraction of `progress` when its total is known (above zero), else 0.0.
    ///
    /// - Parameters:
    ///   - progress: The progress of the transfer. Default: `nil`.
    ///   - response: The response, once the request is complete. Default: `nil`.
    public init(progress: Progress? = nil, response: Response? = nil) {
        self.progressObject = progress
        self.response = response
        self.completed = response != nil
        if response != nil {
            self.progress = 1
        } else if let progress, progress.totalUnitCount > 0 {
            self.progress = progress.fractionCompleted
        } else {
            self.progress = 0
        }
    }
}

/// Called with each progress report of a request.
public typealias ProgressBlock = @Sendable (ProgressResponse) -> Void
