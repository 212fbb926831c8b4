import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Typed requests sent by an `APIClient`.
@Suite struct APIClientTests {
    private struct Echoed: TypedRequest {
        typealias Model = Echo
        var path = "/echo/typed"
        var method: Method = .get
        var parameters: Parameters? = nil
    }

    private struct Wrapped: TypedRequest {
        typealias Model = Int
        var path: String { "/json" }
        var method: Method { .post }
        var parameters: Parameters? { ["result": ["count": 3] as Parameters] }
        var encoding: any ParameterEncoding { JSONEncoding.default }
        var keyPath: String? { "result.count" }
    }

    @Test func aTypedRequestComesBackAsItsModel() async throws {
        let client = APIClient(baseURL: try TestServer.baseURL())
        let echo = try await client.send(Echoed(parameters: ["q": "1"]))
        #expect(echo.path == "/echo/typed")
        #expect(echo.query == "q=1")
        #expect(try await client.send(Wrapped()) == 3)
    }

    @Test func aRejectedStatusFailsByDefault() async throws {
        let client = APIClient(baseURL: try TestServer.baseURL())
        let error = await #expect(throws: CourierError.self) { try await client.send(Echoed(path: "/status/404")) }
        #expect(error?.response?.statusCode == 404)
    }

    @Test func theCompletionAPIDeliversTheModelOnTheCallbackQueue() async throws {
        let key = DispatchSpecificKey<Bool>()
        let queue = DispatchQueue(label: "client")
        queue.setSpecific(key: key, value: true)
        let client = APIClient(baseURL: try TestServer.baseURL(), callbackQueue: queue)
        let (result, onQueue) = await withCheckedContinuation { continuation in
            client.send(Echoed()) { result in
                continuation.resume(returning: (result, DispatchQueue.getSpecific(key: key) == true))
            }
        }
        #expect(onQueue)
        #expect(try result.get().path == "/echo/typed")
    }
}
