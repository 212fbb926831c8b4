import CourierMoya
import TestSupport

// The APIs the ported Moya specs send, declared as a Moya app declares its targets. They point at the
// spec server on 127.0.0.1 where Moya's pointed at GitHub and httpbin.

/// A GitHub-like API: a text endpoint and a JSON one, validated for 2xx and 3xx.
enum GitHub {
    case zen
    case userProfile(String)
}

extension GitHub: TargetType {
    var baseURL: URL { SpecServer.baseURL }

    var path: String {
        switch self {
        case .zen:
            return "/zen"
        case .userProfile(let name):
            return "/users/\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)"
        }
    }

    var method: Moya.Method { .get }

    var task: Task { .requestPlain }

    var sampleData: Data {
        switch self {
        case .zen:
            return Data(SpecSamples.zen.utf8)
        case .userProfile(let name):
            return Data(SpecSamples.userProfile(name).utf8)
        }
    }

    var validationType: ValidationType { .successAndRedirectCodes }

    var headers: [String: String]? { nil }
}

extension GitHub: Equatable {
    static func == (lhs: GitHub, rhs: GitHub) -> Bool {
        switch (lhs, rhs) {
        case (.zen, .zen):
            return true
        case (.userProfile(let left), .userProfile(let right)):
            return left == right
        default:
            return false
        }
    }
}

/// The URL string a target's base URL and path make, joined as a path component.
func urlString(_ target: TargetType) -> String {
    target.baseURL.appendingPathComponent(target.path).absoluteString
}

/// An httpbin-like API: authentication, posts and uploads.
enum HTTPBin: TargetType, AccessTokenAuthorizable {
    case basicAuth
    case bearer
    case post
    case upload(file: URL)
    case uploadMultipart([MultipartFormData], [String: Any]?)
    case validatedUploadMultipart([MultipartFormData], [String: Any]?, [Int])

    var baseURL: URL { SpecServer.baseURL }

    var path: String {
        switch self {
        case .basicAuth:
            return "/basic-auth/user/passwd"
        case .bearer:
            return "/bearer"
        case .post, .upload, .uploadMultipart, .validatedUploadMultipart:
            return "/post"
        }
    }

    var method: Moya.Method {
        switch self {
        case .basicAuth, .bearer:
            return .get
        case .post, .upload, .uploadMultipart, .validatedUploadMultipart:
            return .post
        }
    }

    var task: Task {
        switch self {
        case .basicAuth, .bearer, .post:
            return .requestParameters(parameters: [:], encoding: URLEncoding.default)
        case .upload(let file):
            return .uploadFile(file)
        case .uploadMultipart(let parts, let urlParameters), .validatedUploadMultipart(let parts, let urlParameters, _):
            if let urlParameters {
                return .uploadCompositeMultipart(parts, urlParameters: urlParameters)
            }
            return .uploadMultipart(parts)
        }
    }

    var sampleData: Data {
        switch self {
        case .basicAuth:
            return Data(SpecSamples.basicAuth.utf8)
        case .bearer:
            return Data(SpecSamples.bearer.utf8)
        case .post, .upload, .uploadMultipart, .validatedUploadMultipart:
            return Data(SpecSamples.post.utf8)
        }
    }

    var headers: [String: String]? { nil }

    var validationType: ValidationType {
        if case .validatedUploadMultipart(_, _, let codes) = self {
            return .customCodes(codes)
        }
        return .none
    }

    var authorizationType: AuthorizationType? {
        if case .bearer = self {
            return .bearer
        }
        return nil
    }

    /// A form of a file part (``SpecFiles/image``) and a data part.
    static func sampleForm() throws -> [MultipartFormData] {
        [
            MultipartFormData(provider: .file(try SpecFiles.image()), name: "file", fileName: "testImage"),
            MultipartFormData(provider: .data(Data("some data".utf8)), name: "data"),
        ]
    }
}

/// Web content served in paced pieces, to be requested or downloaded with progress.
enum WebContent: TargetType {
    /// A download of `name` to `destination`, from a body of known length.
    case download(String, destination: URL)
    /// A request of `name`, from a body of known length.
    case request(String)
    /// A download of `name` to `destination`, from a body whose `Content-Length` is empty.
    case downloadWithEmptyLength(String, destination: URL)
    /// A request of `name`, from a body whose `Content-Length` is empty.
    case requestWithEmptyLength(String)
    /// A request of `name`, from a body with no `Content-Length`, ended by closing the connection.
    case requestWithUnknownLength(String)

    var baseURL: URL { SpecServer.baseURL }

    var path: String {
        switch self {
        case .download(let name, _), .request(let name):
            return "/paced/\(name)"
        case .downloadWithEmptyLength(let name, _), .requestWithEmptyLength(let name):
            return "/paced-empty-length/\(name)"
        case .requestWithUnknownLength(let name):
            return "/paced-unknown-length/\(name)"
        }
    }

    var method: Moya.Method { .get }

    var task: Task {
        switch self {
        case .download(_, let destination), .downloadWithEmptyLength(_, let destination):
            return .downloadDestination { _, _ in (destination, [.removePreviousFile, .createIntermediateDirectories]) }
        case .request, .requestWithEmptyLength, .requestWithUnknownLength:
            return .requestPlain
        }
    }

    var sampleData: Data { Data(count: SpecRoutes.pacedLength) }

    var headers: [String: String]? { nil }
}

/// An `Encodable` fixture, as a GitHub issue.
struct GitHubIssue: Codable {
    let title: String
    let createdAt: Date
    let rating: Float?
}

/// Files the specs upload.
enum SpecFiles {
    /// A 256 KiB file standing for an image, written once to the temporary folder.
    static func image() throws -> URL {
        try imageFile.get()
    }

    private static let imageFile = Result { () throws -> URL in
        let url = try TestFiles.path("courier-moya-spec-image", suffix: "png")
        try patternBytes(count: 256 << 10) { UInt8(truncatingIfNeeded: $0 &* 31) }.write(to: url)
        return url
    }

    /// A new, unused file URL in the temporary folder.
    static func fresh(_ ext: String) throws -> URL {
        try TestFiles.path("courier-moya-spec", suffix: ext)
    }
}
