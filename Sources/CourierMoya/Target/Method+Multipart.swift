import Courier

extension Courier.HTTPMethod {
    /// Whether Moya sends a multipart form with this method: `POST`, `PUT`, `PATCH` and `CONNECT`.
    ///
    /// ``MoyaProvider`` sends a form with any method, where Moya stops the app.
    public var supportsMultipart: Bool {
        switch self {
        case .post, .put, .patch, .connect: true
        default: false
        }
    }
}
