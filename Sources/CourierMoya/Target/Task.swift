/// What a request carries: Moya's `Task`, with `[String: Any]` parameter dictionaries and arrays of
/// ``MultipartFormData`` parts.
///
/// Its name hides Swift concurrency's `Task` in a file that imports CourierMoya, as Moya's did; write
/// `_Concurrency.Task` there for that one.
///
/// It is `@unchecked Sendable` because a target, which holds or makes one, is `Sendable`: its
/// dictionaries, encodables and closures are the app's, read by Courier on any thread but never
/// changed, as with Moya.
public enum Task: @unchecked Sendable {
    /// A request with no additional data.
    case requestPlain
    /// A request whose body is the given data.
    case requestData(Data)
    /// A request whose body is an `Encodable` value as JSON, encoded with a default `JSONEncoder`.
    case requestJSONEncodable(Encodable)
    /// A request whose body is an `Encodable` value as JSON, encoded with the given encoder.
    case requestCustomJSONEncodable(Encodable, encoder: JSONEncoder)
    /// A request with parameters, encoded into the URL or the body by `encoding`.
    case requestParameters(parameters: [String: Any], encoding: ParameterEncoding)
    /// A request whose body is the given data, with parameters URL-encoded into the query.
    case requestCompositeData(bodyData: Data, urlParameters: [String: Any])
    /// A request with body parameters encoded by `bodyEncoding`, and parameters URL-encoded into the
    /// query. A `URLEncoding` body encoding must have the `.httpBody` destination.
    case requestCompositeParameters(
        bodyParameters: [String: Any], bodyEncoding: ParameterEncoding, urlParameters: [String: Any])
    /// An upload of the contents of a file.
    case uploadFile(URL)
    /// A `multipart/form-data` upload of the given parts.
    case uploadMultipart([MultipartFormData])
    /// A `multipart/form-data` upload of the given parts, with parameters URL-encoded into the query.
    case uploadCompositeMultipart([MultipartFormData], urlParameters: [String: Any])
    /// A download of the response body to a file chosen by the destination.
    case downloadDestination(DownloadDestination)
    /// A download with parameters encoded by `encoding`, the response body written to a file.
    case downloadParameters(parameters: [String: Any], encoding: ParameterEncoding, destination: DownloadDestination)
}
