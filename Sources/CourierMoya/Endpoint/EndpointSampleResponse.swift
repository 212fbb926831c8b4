/// What a stubbed request answers with: Moya's `EndpointSampleResponse`.
public enum EndpointSampleResponse {
    /// A response with this status code and body.
    case networkResponse(Int, Data)
    /// This HTTP response and body.
    case response(HTTPURLResponse, Data)
    /// A failure, as if the network had failed with this error (a timeout, say).
    case networkError(NSError)
}
