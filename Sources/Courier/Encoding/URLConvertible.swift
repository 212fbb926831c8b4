import Foundation

/// A value that can make a `URL`: Alamofire's `URLConvertible`. `String` and `URL` conform.
public protocol URLConvertible {
    /// The `URL` this value stands for.
    ///
    /// - Throws: ``CourierError/requestMapping(_:)`` with the string when it is not a URL.
    func asURL() throws -> URL
}

extension String: URLConvertible {
    /// The string as a URL.
    ///
    /// - Throws: ``CourierError/requestMapping(_:)`` with the string when `URL(string:)` rejects it.
    public func asURL() throws(CourierError) -> URL {
        guard let url = URL(string: self) else { throw .requestMapping(self) }
        return url
    }
}

extension URL: URLConvertible {
    /// The URL itself.
    public func asURL() -> URL { self }
}
