import CourierMoya
import LoopbackServer

/// The server the ported Moya specs send to, in place of GitHub, httpbin and Moya's OHHTTPStubs stubs:
/// a loopback server on 127.0.0.1 that answers the paths of the spec targets as those stubs did, and
/// every other path as the standard routes do.
///
/// | Path | Answer |
/// |---|---|
/// | `/zen` | 200, the zen sample text |
/// | `/users/invalid` | 400, that user's sample profile |
/// | `/users/<name>` | 200, that user's sample profile |
/// | `/basic-auth/user/passwd` | 200 and the sample body with `Authorization: Basic user:passwd`; else 401 |
/// | `/bearer` | 200 and the sample body with a bearer token; else 401 |
/// | `/post` | the standard `/echo` answer |
/// | `/counter` | how many `/counter` requests the server has answered, this one included |
/// | `/paced/<name>` | 200 with `Content-Length: 4000`, then 1000 zero bytes every 100 ms |
/// | `/paced-empty-length/<name>` | the same four pieces under `Content-Length:` with no value |
/// | `/paced-unknown-length/<name>` | the same four pieces with no `Content-Length`, ended by closing |
enum SpecServer {
    private static let server = Result { try LoopbackServer(handler: SpecRoutes.answer) }

    /// `http://127.0.0.1:<port>` of the spec server.
    static var baseURL: URL {
        (try? server.get().baseURL) ?? URL(fileURLWithPath: "/no-spec-server")
    }
}

/// What the spec server answers.
enum SpecRoutes {
    /// The count of `/counter` requests.
    static let counter = Counter()

    final class Counter: Sendable {
        private let count = Recorder(0)

        func next() -> Int {
            var value = 0
            count.update {
                $0 += 1
                value = $0
            }
            return value
        }
    }

    /// The size of the paced bodies, sent in four equal pieces.
    static let pacedLength = 4000

    @Sendable static func answer(_ request: ServerRequest) -> ServerResponse {
        let path = request.path
        switch path {
        case "/zen":
            return .text(SpecSamples.zen)
        case "/basic-auth/user/passwd":
            let expected = "Basic " + Data("user:passwd".utf8).base64EncodedString()
            guard request.header("Authorization") == expected else { return .text("unauthorized", status: 401) }
            return .text(SpecSamples.basicAuth, contentType: "application/json")
        case "/bearer":
            guard request.header("Authorization")?.hasPrefix("Bearer ") == true else {
                return .text("unauthorized", status: 401)
            }
            return .text(SpecSamples.bearer, contentType: "application/json")
        case "/counter":
            return .text(String(counter.next()))
        case "/post":
            let echo = ServerRequest(
                method: request.method, target: "/echo", headers: request.headers, body: request.body)
            return StandardRoutes.handle(echo)
        default:
            break
        }
        if path.hasPrefix("/users/") {
            let name = String(path.dropFirst("/users/".count))
            let profile = SpecSamples.userProfile(name.removingPercentEncoding ?? name)
            return .text(profile, status: name == "invalid" ? 400 : 200, contentType: "application/json")
        }
        if path.hasPrefix("/paced/") {
            return ServerResponse(
                headers: [HeaderField(name: "Content-Type", value: "image/png")],
                body: .stream(length: Int64(pacedLength)) { offset, maxCount in
                    // Every piece waits, the first too: the head arrives alone before any byte of the body.
                    Thread.sleep(forTimeInterval: 0.1)
                    return Data(count: min(pacedLength / 4, maxCount))
                })
        }
        if path.hasPrefix("/paced-empty-length/") || path.hasPrefix("/paced-unknown-length/") {
            let length = path.hasPrefix("/paced-empty-length/") ? "Content-Length: \r\n" : ""
            let head = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\(length)Connection: close\r\n\r\n"
            return ServerResponse(
                body: .rawStream { index in
                    switch index {
                    case 0: return Data(head.utf8)
                    case 1...4:
                        Thread.sleep(forTimeInterval: 0.1)
                        return Data(count: pacedLength / 4)
                    default: return nil
                    }
                })
        }
        return StandardRoutes.handle(request)
    }
}

/// The sample bodies of the spec targets, which the spec server also answers with.
enum SpecSamples {
    static let zen = "Half measures are as bad as nothing at all."
    static let basicAuth = #"{"authenticated": true, "user": "user"}"#
    static let bearer = #"{"authenticated": true, "token": "4D4A9C7D-F6E7-4FD7-BDBD-03880550A80D"}"#
    static let post = #"{"args": {}, "data": "", "files": {}, "form": {}, "json": null}"#

    static func userProfile(_ name: String) -> String {
        #"{"login": "\#(name)", "id": 100}"#
    }
}
