import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The answer of a stubbed request: the endpoint's sample response, at once or after the stub's delay.
extension Provider {
    /// The size of the chunks a stubbed target's sample data is streamed in.
    static var stubChunkSize: Int { 16 << 10 }

    /// `endpoint`'s sample response to `request`, after the stub's delay (a cancelled wait ends with a
    /// cancelled error); for a streamed request, its head, and its body in chunks.
    static func stubAnswer(
        of endpoint: Endpoint, for request: URLRequest, stub: StubBehavior, delivery: Delivery
    ) async -> Result<Answer, CourierError> {
        if case .delayed(let seconds) = stub {
            do {
                try await Task.sleep(for: .seconds(clamping: seconds))
            } catch {
                return .failure(.cancelled)
            }
        }
        return sampleResponse(of: endpoint, for: request).map { response in
            guard case .streamed = delivery else { return Answer(response: response) }
            let head = Response(
                statusCode: response.statusCode, data: Data(), request: response.request, response: response.response)
            return Answer(response: head, body: TransportStream.Body(chunksOf: response.data, size: stubChunkSize))
        }
    }

    /// The answer `endpoint`'s sample response makes for `request`.
    static func sampleResponse(of endpoint: Endpoint, for request: URLRequest) -> Result<Response, CourierError> {
        let url = request.url ?? URL(fileURLWithPath: "/")
        switch endpoint.sampleResponseClosure() {
        case .networkResponse(let statusCode, let data):
            let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: nil)
            return .success(Response(statusCode: statusCode, data: data, request: request, response: response))
        case .response(let response, let data):
            return .success(Response(statusCode: response.statusCode, data: data, request: request, response: response))
        case .networkError(let error):
            return .failure(CourierError(error))
        }
    }
}
