import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A value that can make a `URLRequest`: Alamofire's `URLRequestConvertible`, which custom parameter
/// encodings written for Moya receive. `URLRequest` conforms.
public protocol URLRequestConvertible {
    /// The `URLRequest` this value stands for.
    ///
    /// - Throws: An error when no request can be made.
    func asURLRequest() throws -> URLRequest
}

extension URLRequestConvertible {
    /// The `URLRequest` this value stands for, or `nil` when ``asURLRequest()`` throws.
    public var urlRequest: URLRequest? { try? asURLRequest() }
}

extension URLRequest: URLRequestConvertible {
    /// The request itself.
    public func asURLRequest() -> URLRequest { self }
}
