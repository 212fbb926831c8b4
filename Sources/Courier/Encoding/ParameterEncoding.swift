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
///
/// A conforming type implements one of the two methods; each has a default that calls the other. The
/// second is Alamofire's shape, so that an encoding written for Moya, which calls
/// `try urlRequest.asURLRequest()`, conforms unchanged. (A type that implements neither would call
/// itself without end.)
public protocol ParameterEncoding: Sendable {
    /// Returns `request` with `parameters` encoded into it.
    ///
    /// - Parameters:
    ///   - request: The request to encode into. It is not changed when `parameters` is `nil`.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Throws: An error when the parameters cannot be encoded; a ``Provider`` reports it as
    ///   ``CourierError/parameterEncoding(_:)``.
    func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest

    /// Returns the request of `urlRequest` with `parameters` encoded into it: Alamofire's shape.
    ///
    /// - Parameters:
    ///   - urlRequest: The request to encode into, such as a `URLRequest`.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Throws: What `urlRequest.asURLRequest()` throws, or an error when the parameters cannot be
    ///   encoded.
    func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest
}

extension ParameterEncoding {
    /// Calls the `URLRequestConvertible` form of `encode(_:with:)` with `request`.
    public func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        try encode(request as any URLRequestConvertible, with: parameters)
    }

    /// Calls the `URLRequest` form of `encode(_:with:)` with the request of `urlRequest`.
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        try encode(try urlRequest.asURLRequest(), with: parameters)
    }
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
