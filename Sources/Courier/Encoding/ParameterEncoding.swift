import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Parameters of a request: string keys and any `Sendable` values (strings, numbers, bools, `nil`,
/// arrays and nested dictionaries).
public typealias Parameters = [String: any Sendable]

/// Encodes parameters into a `URLRequest`, in its URL or in its body.
///
/// Courier ships ``URLEncoding`` and ``JSONEncoding``; conform your own type for any other format.
public protocol ParameterEncoding: Sendable {
    /// Returns `request` with `parameters` encoded into it.
    ///
    /// - Parameters:
    ///   - request: The request to encode into. It is not changed when `parameters` is `nil`.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Throws: An error when the parameters cannot be encoded; a ``Provider`` reports it as
    ///   ``CourierError/parameterEncoding(_:)``.
    func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest
}

/// Why parameters could not be encoded; carried by ``CourierError/parameterEncoding(_:)``.
public struct ParameterEncodingError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// What went wrong, in words, naming the offending key path where there is one.
    public let reason: String

    /// Creates an error that explains `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The same as ``reason``.
    public var description: String { reason }

    /// The same as ``reason``.
    public var errorDescription: String? { reason }
}
