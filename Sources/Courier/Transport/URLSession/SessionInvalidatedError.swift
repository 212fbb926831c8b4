import Foundation

/// The `URLSession` of a ``URLSessionTransport`` was invalidated (its `invalidateAndCancel()` or
/// `finishTasksAndInvalidate()` was called), so the transport sends nothing more: make a new one.
///
/// URLSession itself stops the process when a task is made in an invalidated session; the transport
/// refuses the request with this error first. A request fails with it as ``CourierError/underlying(_:_:)``.
public struct SessionInvalidatedError: Error, LocalizedError, Sendable, Equatable {
    /// Creates the error.
    public init() {}

    /// A sentence saying what happened and what to do.
    public var errorDescription: String? {
        "The URLSession of this URLSessionTransport has been invalidated, so it sends no more requests; "
            + "make a new URLSessionTransport."
    }
}
