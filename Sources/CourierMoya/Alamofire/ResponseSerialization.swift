import Courier

/// Turns what a ``DataRequest`` received into a value: Alamofire's `DataResponseSerializerProtocol`,
/// the shape of a serializer an app writes for `DataRequest.response(queue:responseSerializer:completionHandler:)`.
///
/// ```swift
/// struct LineSerializer: DataResponseSerializerProtocol {
///     func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: Error?) throws -> [String] {
///         if let error { throw error }
///         return String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init)
///     }
/// }
/// ```
public protocol DataResponseSerializerProtocol<SerializedObject> {
    /// The type of the value made.
    associatedtype SerializedObject

    /// Makes the value, or throws: the request's own error (`error`, which a serializer rethrows), or
    /// why the body is not a value (an ``AFError`` stays as it is; another error reaches the handler as
    /// ``AFError/ResponseSerializationFailureReason/customSerializationFailed(error:)``).
    ///
    /// - Parameters:
    ///   - request: The `URLRequest` of the last attempt.
    ///   - response: The HTTP response, if one arrived.
    ///   - data: The body, `nil` when none arrived or it was empty.
    ///   - error: Why the request failed, if it did.
    func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: Error?) throws
        -> SerializedObject
}

/// A serializer with Alamofire's empty-body rules: Alamofire's `ResponseSerializer`.
///
/// An empty (or missing) body is a value, the type's empty one, only for a status in
/// ``emptyResponseCodes`` (204 and 205 by default) or a method in ``emptyRequestMethods`` (`HEAD` by
/// default); otherwise it fails with ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength``.
/// A non-empty body passes through ``dataPreprocessor`` first.
public protocol ResponseSerializer<SerializedObject>: DataResponseSerializerProtocol {
    /// What the body passes through before it is serialized.
    var dataPreprocessor: DataPreprocessor { get }
    /// The methods whose responses may have an empty body.
    var emptyRequestMethods: Set<HTTPMethod> { get }
    /// The statuses whose responses may have an empty body.
    var emptyResponseCodes: Set<Int> { get }
}

extension ResponseSerializer {
    /// ``PassthroughPreprocessor``: the body as it came.
    public static var defaultDataPreprocessor: DataPreprocessor { PassthroughPreprocessor() }
    /// `[.head]`.
    public static var defaultEmptyRequestMethods: Set<HTTPMethod> { [.head] }
    /// `[204, 205]`.
    public static var defaultEmptyResponseCodes: Set<Int> { [204, 205] }

    /// ``defaultDataPreprocessor``.
    public var dataPreprocessor: DataPreprocessor { Self.defaultDataPreprocessor }
    /// ``defaultEmptyRequestMethods``.
    public var emptyRequestMethods: Set<HTTPMethod> { Self.defaultEmptyRequestMethods }
    /// ``defaultEmptyResponseCodes``.
    public var emptyResponseCodes: Set<Int> { Self.defaultEmptyResponseCodes }

    /// Whether `request`'s method is one of ``emptyRequestMethods``; `nil` without a request or method.
    public func requestAllowsEmptyResponseData(_ request: URLRequest?) -> Bool? {
        guard let method = request?.httpMethod else { return nil }
        return emptyRequestMethods.contains(HTTPMethod(rawValue: method))
    }

    /// Whether `response`'s status is one of ``emptyResponseCodes``; `nil` without a response.
    public func responseAllowsEmptyResponseData(_ response: HTTPURLResponse?) -> Bool? {
        response.map { emptyResponseCodes.contains($0.statusCode) }
    }

    /// Whether an empty body is a value for this request and response: its method or its status
    /// allows one.
    public func emptyResponseAllowed(forRequest request: URLRequest?, response: HTTPURLResponse?) -> Bool {
        requestAllowsEmptyResponseData(request) == true || responseAllowsEmptyResponseData(response) == true
    }

    /// The body to serialize: the request's error rethrown; `nil` for an empty body that is allowed
    /// (the caller returns its empty value); the preprocessed body otherwise.
    ///
    /// - Throws: `error`, ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength`` for an
    ///   empty body that is not allowed, or what the preprocessor throws.
    func body(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: Error?) throws -> Data? {
        if let error { throw error }
        guard let data, !data.isEmpty else {
            guard emptyResponseAllowed(forRequest: request, response: response) else {
                throw AFError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
            }
            return nil
        }
        return try dataPreprocessor.preprocess(data)
    }
}

/// Changes a body before it is serialized: Alamofire's `DataPreprocessor`.
public protocol DataPreprocessor {
    /// The body to serialize in place of `data`.
    ///
    /// - Throws: An error that fails the serialization.
    func preprocess(_ data: Data) throws -> Data
}

/// Leaves a body as it is: Alamofire's `PassthroughPreprocessor`.
public struct PassthroughPreprocessor: DataPreprocessor {
    /// Creates the preprocessor.
    public init() {}

    /// `data` itself.
    public func preprocess(_ data: Data) throws -> Data { data }
}

/// Drops the `)]}',` line some Google APIs put before their JSON against cross-site script
/// inclusion: Alamofire's `GoogleXSSIPreprocessor`.
public struct GoogleXSSIPreprocessor: DataPreprocessor {
    /// Creates the preprocessor.
    public init() {}

    /// `data` without a leading `)]}',` and newline.
    public func preprocess(_ data: Data) throws -> Data {
        let prefix = Data(")]}',\n".utf8)
        return data.starts(with: prefix) ? Data(data.dropFirst(prefix.count)) : data
    }
}

extension DataPreprocessor where Self == PassthroughPreprocessor {
    /// A ``PassthroughPreprocessor``.
    public static var passthrough: PassthroughPreprocessor { PassthroughPreprocessor() }
}

extension DataPreprocessor where Self == GoogleXSSIPreprocessor {
    /// A ``GoogleXSSIPreprocessor``.
    public static var googleXSSI: GoogleXSSIPreprocessor { GoogleXSSIPreprocessor() }
}

/// Decodes a value from a body: Alamofire's `DataDecoder`. `JSONDecoder` and `PropertyListDecoder`
/// conform.
public protocol DataDecoder {
    /// The value of `type` that `data` holds.
    ///
    /// - Throws: Why `data` is not one.
    func decode<D: Decodable>(_ type: D.Type, from data: Data) throws -> D
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

/// A type with a value for an empty body, which ``DecodableResponseSerializer`` gives for a response
/// allowed to be empty: Alamofire's `EmptyResponse`.
public protocol EmptyResponse {
    /// The value of an empty body.
    static func emptyValue() -> Self
}

/// The value of a body that is expected to be empty: Alamofire's `Empty`.
///
/// ```swift
/// AF.request(url, method: .delete).validate().responseDecodable(of: Empty.self) { response in … }
/// ```
public struct Empty: Codable, Sendable {
    /// The value.
    public static let value = Empty()
}

extension Empty: EmptyResponse {
    /// ``value``.
    public static func emptyValue() -> Empty {
        value
    }
}
