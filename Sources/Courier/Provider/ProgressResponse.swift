import Foundation

/// How far a request has come, and its response once it is complete.
public struct ProgressResponse: Sendable {
    /// The fraction done, from 0.0 to 1.0.
    public let progress: Double
    /// Whether the request is complete; the last report of a request.
    public let completed: Bool
    /// The response, in the last report.
    public let response: Response?

    /// Creates a progress report.
    ///
    /// - Parameters:
    ///   - progress: The fraction done, from 0.0 to 1.0.
    ///   - completed: Whether the request is complete. Default: `false`.
    ///   - response: The response, in the last report. Default: `nil`.
    public init(progress: Double, completed: Bool = false, response: Response? = nil) {
        self.progress = progress
        self.completed = completed
        self.response = response
    }
}

/// Called with each progress report of a request.
public typealias ProgressBlock = @Sendable (ProgressResponse) -> Void
