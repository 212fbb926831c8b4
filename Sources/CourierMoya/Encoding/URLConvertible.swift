/// A value that can make a `URL`: Alamofire's `URLConvertible`. `String`, `URL` and `URLComponents`
/// conform.
public protocol URLConvertible {
    /// The `URL` this value stands for.
    ///
    /// - Throws: ``AFError/invalidURL(url:)`` when it is not a URL.
    func asURL() throws -> URL
}

extension String: URLConvertible {
    /// The string as a URL.
    ///
    /// - Throws: ``AFError/invalidURL(url:)`` when `URL(string:)` rejects it.
    public func asURL() throws -> URL {
        guard let url = URL(string: self) else { throw AFError.invalidURL(url: self) }
        return url
    }
}

extension URL: URLConvertible {
    /// The URL itself.
    public func asURL() throws -> URL { self }
}

extension URLComponents: URLConvertible {
    /// The URL the components make.
    ///
    /// - Throws: ``AFError/invalidURL(url:)`` when they make none.
    public func asURL() throws -> URL {
        guard let url else { throw AFError.invalidURL(url: self) }
        return url
    }
}
