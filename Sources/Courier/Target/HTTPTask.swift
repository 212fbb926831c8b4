import Foundation

/// What a request carries: its body, its URL parameters, or a file to upload or download.
///
/// The case names are Moya's; the type is called `HTTPTask` because `Task` is Swift concurrency's (Moya's
/// own `Task`, with its `[String: Any]` parameters and arrays of form parts, is in `CourierMoya`).
public enum HTTPTask: Sendable {
    /// No body and no parameters.
    case requestPlain
    /// The given data as the body, sent as is.
    case requestData(Data)
    /// An `Encodable` value as a JSON body, encoded with a default `JSONEncoder`.
    case requestJSONEncodable(any Encodable & Sendable)
    /// An `Encodable` value as a JSON body, encoded with the given encoder.
    case requestCustomJSONEncodable(any Encodable & Sendable, encoder: JSONEncoder)
    /// Parameters encoded by `encoding` into the URL or the body.
    case requestParameters(parameters: Parameters, encoding: any ParameterEncoding)
    /// The given data as the body, and parameters URL-encoded into the query.
    case requestCompositeData(bodyData: Data, urlParameters: Parameters)
    /// Body parameters encoded by `bodyEncoding`, and parameters URL-encoded into the query.
    ///
    /// `bodyEncoding` must put the parameters in the body: a ``URLEncoding`` must have the
    /// ``URLEncoding/Destination/httpBody`` destination, otherwise the request fails with
    /// ``CourierError/parameterEncoding(_:)``.
    case requestCompositeParameters(
        bodyParameters: Parameters, bodyEncoding: any ParameterEncoding, urlParameters: Parameters)
    /// The contents of a file as the body, streamed from disk.
    case uploadFile(URL)
    /// A `multipart/form-data` body.
    case uploadMultipart(MultipartFormData)
    /// A `multipart/form-data` body, and parameters URL-encoded into the query.
    case uploadCompositeMultipart(MultipartFormData, urlParameters: Parameters)
    /// The response body is written to a file chosen by the destination closure.
    case downloadDestination(DownloadDestination)
    /// Parameters encoded by `encoding`, and the response body written to a file.
    case downloadParameters(parameters: Parameters, encoding: any ParameterEncoding, destination: DownloadDestination)
}
