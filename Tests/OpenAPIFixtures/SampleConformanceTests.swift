import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A generated API and the document it came from.
struct GeneratedFixture: Sendable, CustomTestStringConvertible {
    /// The folder under Tests/OpenAPIFixtures.
    var name: String
    /// The document's file name.
    var file: String
    /// Every target enum.
    var targets: [any OpenAPITarget.Type]
    /// The API-key plugins the API's security schemes ask for.
    var plugins: [any PluginType] = []

    var testDescription: String { name }

    /// The document's path.
    var documentPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("\(name)/\(file)").path
    }
}

let generatedFixtures: [GeneratedFixture] = [
    GeneratedFixture(name: "Petstore", file: "openapi.yaml", targets: Petstore.allTargets),
    GeneratedFixture(name: "PetstoreExpanded", file: "openapi.yaml", targets: PetstoreExpanded.allTargets),
    GeneratedFixture(
        name: "SwaggerPetstore", file: "openapi.yaml", targets: SwaggerPetstore.allTargets,
        plugins: [SwaggerPetstore.apiKeyPlugin { "sample-key" }]),
    GeneratedFixture(name: "APIWithExamples", file: "openapi.yaml", targets: APIWithExamples.allTargets),
    GeneratedFixture(name: "CallbackExample", file: "openapi.yaml", targets: CallbackExample.allTargets),
    GeneratedFixture(name: "LinkExample", file: "openapi.yaml", targets: LinkExample.allTargets),
    GeneratedFixture(name: "USPTO", file: "openapi.yaml", targets: USPTO.allTargets),
    GeneratedFixture(name: "Spotify", file: "openapi.yaml", targets: Spotify.allTargets),
    GeneratedFixture(
        name: "Discord", file: "openapi.json", targets: Discord.allTargets,
        plugins: [Discord.botTokenPlugin { "Bot sample-token" }]),
    GeneratedFixture(name: "Slack", file: "openapi.json", targets: Slack.allTargets),
    GeneratedFixture(name: "LoopbackStreams", file: "openapi.yaml", targets: LoopbackStreams.allTargets),
    GeneratedFixture(name: "EdgeCases", file: "openapi.yaml", targets: EdgeCases.allTargets),
    GeneratedFixture(name: "Version32", file: "openapi.yaml", targets: Version32.allTargets),
    GeneratedFixture(name: "MultiFile", file: "openapi.yaml", targets: MultiFile.allTargets),
]

/// Every sample of every generated API, sent to a server that validates it against the document, and
/// its answer read back with the generated `decode(_:)`.
@Suite("Generated APIs against their documents", .computeHeavy)
struct SampleConformanceTests {
    @Test("every sample is a valid request and its answer decodes", arguments: generatedFixtures)
    func everySample(fixture: GeneratedFixture) async throws {
        let server = try await OpenAPIServer.start(document: fixture.documentPath)
        defer { server.stop() }
        var failures: [String] = []
        var sent = 0
        for target in fixture.targets {
            let (count, found) = await Self.check(target, fixture: fixture, server: server.baseURL)
            sent += count
            failures += found
        }
        // One sample per operation: a sample whose JSON the model does not read is left out of
        // `samples`, and would go unnoticed.
        #expect(
            sent == server.operationCount,
            "\(sent) samples in \(fixture.name), for \(server.operationCount) operations in its document")
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(sent) samples failed:\n\(failures.prefix(25).joined(separator: "\n"))")
    }

    /// Sends each sample of `type`; returns how many were sent and what failed.
    static func check<Target: OpenAPITarget>(
        _ type: Target.Type, fixture: GeneratedFixture, server: URL
    ) async -> (Int, [String]) {
        let provider = Provider<Target>(
            endpointClosure: { target in Self.endpoint(for: target, on: server) },
            plugins: [AccessTokenPlugin { _ in "sample-token" }] + fixture.plugins)
        var failures: [String] = []
        for sample in Target.samples {
            let response: Response
            do {
                response = try await provider.request(sample)
            } catch {
                guard let answered = error.response else {
                    failures.append("\(sample.operationID): \(error)")
                    continue
                }
                response = answered
            }
            let verdict = response.response?.value(forHTTPHeaderField: "X-OpenAPI-Validation") ?? "none"
            guard verdict == "passed" else {
                let body = String(decoding: response.data.prefix(400), as: UTF8.self)
                    .replacingOccurrences(of: "\n", with: " ")
                failures.append("\(sample.operationID) \(sample.method.rawValue) \(sample.path): \(verdict) \(body)")
                continue
            }
            do {
                _ = try sample.decode(response)
            } catch {
                failures.append("\(sample.operationID): status \(response.statusCode) does not decode: \(error)")
            }
        }
        return (Target.samples.count, failures)
    }

    /// The target's endpoint, sent to the loopback server: the document's server path kept, its scheme,
    /// host and port replaced (a relative server, or none, is the loopback server's root).
    static func endpoint<Target: TargetType>(for target: Target, on server: URL) -> Endpoint {
        let endpoint = Provider<Target>.defaultEndpointMapping(for: target)
        let base = target.baseURL
        var basePath = base.host == nil ? base.absoluteString : base.path
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let origin =
            server.absoluteString.hasSuffix("/") ? String(server.absoluteString.dropLast()) : server.absoluteString
        let path = target.path.hasPrefix("/") || target.path.isEmpty ? target.path : "/" + target.path
        let url = origin + basePath + path
        return Endpoint(
            url: url, sampleResponseClosure: endpoint.sampleResponseClosure, method: endpoint.method,
            task: endpoint.task, httpHeaderFields: endpoint.httpHeaderFields)
    }
}
