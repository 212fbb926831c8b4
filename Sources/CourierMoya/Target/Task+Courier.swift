import Courier

extension Task {
    /// The task as Courier's `HTTPTask`, for a Courier `Provider`: the same cases, the parameter
    /// dictionaries and encodings carried over as they are.
    var courierTask: HTTPTask {
        switch self {
        case .requestPlain:
            .requestPlain
        case .requestData(let data):
            .requestData(data)
        case .requestJSONEncodable(let value):
            .requestJSONEncodable(AnyEncodable(value))
        case .requestCustomJSONEncodable(let value, let encoder):
            .requestCustomJSONEncodable(AnyEncodable(value), encoder: encoder)
        case .requestParameters(let parameters, let encoding):
            .requestParameters(parameters: ParameterBox.parameters(parameters), encoding: encoding.courierEncoding)
        case .requestCompositeData(let data, let urlParameters):
            .requestCompositeData(bodyData: data, urlParameters: ParameterBox.parameters(urlParameters))
        case .requestCompositeParameters(let bodyParameters, let bodyEncoding, let urlParameters):
            .requestCompositeParameters(
                bodyParameters: ParameterBox.parameters(bodyParameters), bodyEncoding: bodyEncoding.courierEncoding,
                urlParameters: ParameterBox.parameters(urlParameters))
        case .uploadFile(let url):
            .uploadFile(url)
        case .uploadMultipart(let parts):
            .uploadMultipart(MultipartFormData.form(parts))
        case .uploadCompositeMultipart(let parts, let urlParameters):
            .uploadCompositeMultipart(
                MultipartFormData.form(parts), urlParameters: ParameterBox.parameters(urlParameters))
        case .downloadDestination(let destination):
            .downloadDestination(Self.courierDestination(destination))
        case .downloadParameters(let parameters, let encoding, let destination):
            .downloadParameters(
                parameters: ParameterBox.parameters(parameters), encoding: encoding.courierEncoding,
                destination: Self.courierDestination(destination))
        }
    }

    /// What Courier's transfer needs of a request already made from this task: where its body comes
    /// from (a file, a multipart form) and where its response goes (a file). Parameters and in-memory
    /// bodies are in the request already.
    var transferTask: HTTPTask {
        switch self {
        case .requestPlain, .requestData, .requestJSONEncodable, .requestCustomJSONEncodable, .requestParameters,
            .requestCompositeData, .requestCompositeParameters:
            .requestPlain
        case .uploadFile(let url):
            .uploadFile(url)
        case .uploadMultipart(let parts), .uploadCompositeMultipart(let parts, _):
            .uploadMultipart(MultipartFormData.form(parts))
        case .downloadDestination(let destination), .downloadParameters(_, _, let destination):
            .downloadDestination(Self.courierDestination(destination))
        }
    }

    /// Whether the request sends a body from a file or a form, whose progress is the upload's.
    var isUpload: Bool {
        switch self {
        case .uploadFile, .uploadMultipart, .uploadCompositeMultipart: true
        default: false
        }
    }

    /// A Moya download destination as Courier's.
    static func courierDestination(_ destination: @escaping DownloadDestination) -> Courier.DownloadDestination {
        let destination = Unchecked(destination)
        return { temporaryURL, response in
            let chosen = destination.value(temporaryURL, response)
            return (chosen.destinationURL, chosen.options)
        }
    }
}

/// An `Encodable` value of Moya's task, as the `Sendable` body Courier's task holds.
///
/// It encodes the value through a single-value container, so that the encoder's strategies (dates,
/// data, keys) apply to it as to any nested value.
struct AnyEncodable: Encodable, @unchecked Sendable {
    let base: any Encodable

    init(_ base: any Encodable) {
        self.base = base
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base)
    }
}
