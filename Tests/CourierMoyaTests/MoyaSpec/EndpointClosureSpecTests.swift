import CourierMoya
import TestSupport
import Testing

// The expectations of Moya 15.0.3's EndpointClosureSpec: a part an endpoint closure appends to a
// multipart task is sent with the form.
//
// Moya's spec subclasses Alamofire's Session to capture the form Alamofire encodes in
// `upload(multipartFormData:with:…)`. CourierMoya's Session has no such method to override (Courier's
// transport sends the form), so the form is read where it arrives instead: in the spec server's echo of
// the request body.

@Suite struct EndpointClosureSpecTests {
    private static func part(_ name: String) -> MultipartFormData {
        MultipartFormData(provider: .data(Data(name.utf8)), name: name)
    }

    /// A provider whose endpoint closure appends the part `test2` to every multipart upload.
    private let provider: MoyaProvider<HTTPBin> = {
        let endpointClosure: MoyaProvider<HTTPBin>.EndpointClosure = { target in
            let task: Task
            switch target.task {
            case .uploadMultipart(let parts):
                var appended = parts
                appended.append(EndpointClosureSpecTests.part("test2"))
                task = .uploadMultipart(appended)
            default:
                task = target.task
            }
            return Endpoint(
                url: URL(target: target).absoluteString,
                sampleResponseClosure: { .networkResponse(200, target.sampleData) },
                method: target.method, task: task, httpHeaderFields: target.headers)
        }
        return MoyaProvider<HTTPBin>(endpointClosure: endpointClosure, callbackQueue: DispatchQueue(label: "closure"))
    }()

    /// The pieces of a multipart body between its dashes, as Moya's spec splits it.
    private func pieces(_ body: String) -> [String] {
        body.split(separator: "-").map(String.init)
    }

    private let firstPart = "data; name=\"test1\"\r\n\r\ntest1\r\n"
    private let secondPart = "data; name=\"test2\"\r\n\r\ntest2\r\n"

    @Test func aPartTheEndpointClosureAppendsIsSentWithTheForm() async throws {
        let result = await send(provider, .uploadMultipart([Self.part("test1")], nil))
        let echo = try JSONDecoder().decode(Echo.self, from: try result.get().data)
        #expect(pieces(echo.body).contains(firstPart), "\(echo.body)")
        #expect(pieces(echo.body).contains(secondPart), "\(echo.body)")
    }

    @Test func theFormOfBothPartsEncodesBothParts() throws {
        let form = RequestMultipartFormData()
        form.append(Data("test1".utf8), withName: "test1")
        form.append(Data("test2".utf8), withName: "test2")
        let body = String(decoding: try form.encode(), as: UTF8.self)
        #expect(pieces(body).contains(firstPart), "\(body)")
        #expect(pieces(body).contains(secondPart), "\(body)")
    }
}
