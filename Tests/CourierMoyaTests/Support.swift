import CourierMoya
import TestSupport

/// The loopback server the tests send to, started once on a free port of 127.0.0.1.
enum TestServer {
    /// The server's base URL, `http://127.0.0.1:<port>`.
    static var baseURL: URL {
        (try? SharedServer.baseURL()) ?? URL(fileURLWithPath: "/no-loopback-server")
    }
}

/// The result of one request through the completion API, on a queue of its own.
func send<T: TargetType>(_ provider: MoyaProvider<T>, _ target: T) async -> Result<Response, MoyaError> {
    await firstValue { done in
        provider.request(target, callbackQueue: DispatchQueue(label: "test.callbacks")) { done($0) }
    }
}
