import Foundation
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What goes out besides what the request says: both transports send the same header fields for the
/// same request, and neither invents one (libcurl's form `Content-Type` for every POST body included).
@Suite struct TransportHeaderTests {
    /// The shapes of body a request can have, each sent without a `Content-Type`.
    enum BodyShape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case none, emptyPost, smallData, largeData, file, multipart
        var testDescription: String { rawValue }

        func target(file: URL) throws -> TestTarget {
            switch self {
            case .none: try .loopback("/echo")
            case .emptyPost: try .loopback("/echo", method: .post)
            case .smallData: try .loopback("/echo", method: .post, task: .requestData(Data("a=1&b=2".utf8)))
            case .largeData:
                try .loopback("/echo", method: .put, task: .requestData(Data(repeating: 0x61, count: 200_000)))
            case .file: try .loopback("/echo", method: .post, task: .uploadFile(file))
            case .multipart:
                try .loopback(
                    "/echo", method: .post,
                    task: .uploadMultipart(
                        MultipartFormData(parts: [
                            MultipartFormBodyPart(provider: .file(file), name: "f", fileName: "a.bin")
                        ])))
            }
        }
    }

    /// The header fields `/echo` saw for `target` sent through `kind`, names lowercased.
    private static func sentHeaders(_ target: TestTarget, _ kind: TransportKind) async throws -> [String: String] {
        let provider = Provider<TestTarget>(transport: try kind.make())
        let response = try await provider.request(target)
        return try JSONDecoder().decode(Echo.self, from: response.data).headers
    }

    @Test(arguments: BodyShape.allCases)
    func bothTransportsSendTheSameHeadersAndInventNoContentType(shape: BodyShape) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("a=1&b=2".utf8), named: "body.bin")
        let target = try shape.target(file: file)
        let curl = try await Self.sentHeaders(target, .curl)
        let session = try await Self.sentHeaders(target, .urlSession)
        for headers in [curl, session] {
            if shape == .multipart {
                #expect(headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
            } else {
                #expect(headers["content-type"] == nil, "a body without a type goes without one: \(headers)")
            }
            #expect(headers["user-agent"] == DefaultHeaders.userAgent)
            #expect(headers["accept"] == "*/*")
            #expect(headers["accept-language"] == DefaultHeaders.acceptLanguage)
        }
        for name in ["user-agent", "accept", "accept-language", "accept-encoding", "content-type", "content-length"] {
            #expect(
                curl[name] == session[name],
                "\(name): curl \(curl[name] ?? "none"), URLSession \(session[name] ?? "none")")
        }
        // URLSession adds `Connection: keep-alive`, HTTP/1.1's default, which CurlTransport leaves implicit.
        let names = { (headers: [String: String]) in Set(headers.keys).subtracting(["connection"]) }
        #expect(names(curl) == names(session))
    }

    @Test(arguments: TransportKind.allCases)
    func headersTheRequestSetsWinOverTheDefaults(kind: TransportKind) async throws {
        let target = try TestTarget.loopback(
            "/echo", method: .post, task: .requestData(Data("{}".utf8)),
            headers: [
                "Content-Type": "application/json", "User-Agent": "App/1.0", "Accept": "application/json",
                "Accept-Language": "fr",
            ])
        let headers = try await Self.sentHeaders(target, kind)
        #expect(headers["content-type"] == "application/json")
        #expect(headers["user-agent"] == "App/1.0")
        #expect(headers["accept"] == "application/json")
        #expect(headers["accept-language"] == "fr")
    }

    @Test(arguments: TransportKind.allCases)
    func theConfigurationsHeadersWinOverTheDefaults(kind: TransportKind) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["User-Agent": "Configured/2.0", "Accept-Language": "de"]
        let provider = Provider<TestTarget>(transport: try kind.make(configuration: configuration))
        let response = try await provider.request(try .loopback("/echo"))
        let headers = try JSONDecoder().decode(Echo.self, from: response.data).headers
        #expect(headers["user-agent"] == "Configured/2.0")
        #expect(headers["accept-language"] == "de")
        #expect(headers["accept"] == "*/*")
    }
}
