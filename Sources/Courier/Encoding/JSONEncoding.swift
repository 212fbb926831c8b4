import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Encodes parameters as a JSON object in the body.
///
/// Keys are written sorted, so the same parameters always give the same bytes. Sets
/// `Content-Type: application/json` unless the request already has a `Content-Type`. A value JSON cannot
/// hold (NaN, infinity, a `Date`, a custom type) throws a ``ParameterEncodingError`` naming its key path;
/// nothing traps.
public struct JSONEncoding: ParameterEncoding {
    /// Compact JSON.
    public static var `default`: JSONEncoding { JSONEncoding() }
    /// JSON indented for reading.
    public static var prettyPrinted: JSONEncoding { JSONEncoding(options: .prettyPrinted) }

    /// The writing options; `.prettyPrinted` indents the output, keys are sorted in any case.
    public let options: JSONSerialization.WritingOptions

    /// Creates an encoding with the given writing options. Default: none (compact output).
    public init(options: JSONSerialization.WritingOptions = []) {
        self.options = options
    }

    /// The JSON text of any value these options write (CourierMoya's `[String: Any]` parameters).
    package func jsonData(for value: Any) throws(ParameterEncodingError) -> Data {
        try JSONWriter(prettyPrinted: options.contains(.prettyPrinted)).data(for: value)
    }

    /// Returns `request` with `parameters` as its JSON body; `nil` parameters leave it unchanged.
    public func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        let writer = JSONWriter(prettyPrinted: options.contains(.prettyPrinted))
        request.httpBody = try writer.data(for: parameters)
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}
