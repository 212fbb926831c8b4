import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whole responses that are bad news: the error keeps the status code and the body, and retries
/// happen only where `RetryPolicy` allows.
@Suite struct ResponseFaultTests {
    @Test(arguments: TransportKind.allCases)
    func serverErrorKeepsItsStatusAndBodyAndIsRetriedForGet(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let (outcome, seconds) = await server.send(
            server.target("/status/503", validation: .successCodes), with: server.provider(retrying: true))
        let error = try #require(failure(of: outcome))
        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(error)")
            return
        }
        #expect(response.statusCode == 503)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"status":503}"#)
        #expect(error.response === response)
        #expect(server.hits.value == 3)
        #expect(seconds < FaultServer.prompt)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func serverErrorIsNeverRetriedForPost(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let (outcome, _) = await server.send(
            server.target("/status/500", method: .post, validation: .successCodes),
            with: server.provider(retrying: true))
        #expect(try #require(failure(of: outcome)).response?.statusCode == 500)
        #expect(server.hits.value == 1)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func serverErrorWithoutValidationIsAResponse(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let response = try await server.provider().request(server.target("/status/502"))
        #expect(response.statusCode == 502)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"status":502}"#)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func tooManyRequestsWaitsForRetryAfterAndKeepsTheAnswer(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let provider = Provider<TestTarget>(
            transport: server.transport, interceptors: [RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01)])
        let target = TestTarget(
            baseURL: server.baseURL, path: "/respond",
            task: .requestParameters(
                parameters: ["status": 429, "body": "slow down", "header.Retry-After": "1"],
                encoding: URLEncoding.queryString),
            validationType: .successCodes)
        let (outcome, seconds) = await server.send(target, with: provider)
        let error = try #require(failure(of: outcome))
        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(error)")
            return
        }
        #expect(response.statusCode == 429)
        #expect(String(decoding: response.data, as: UTF8.self) == "slow down")
        #expect(response.response?.value(forHTTPHeaderField: "Retry-After") == "1")
        #expect(server.hits.value == 2)
        #expect(seconds >= 1)  // the wait the server asked for, not the 10 ms backoff
        #expect(seconds < 1 + FaultServer.prompt)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func emptyBodyWhereJSONIsExpectedIsJSONMappingWithTheResponse(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        struct Item: Decodable { let id: Int }
        let provider = server.provider(retrying: true)
        let error = await #expect(throws: CourierError.self) {
            try await provider.request(server.target("/respond"), as: Item.self)
        }
        guard case .jsonMapping(let response)? = error else {
            Issue.record("expected .jsonMapping, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 200)
        #expect(response.data.isEmpty)
        #expect(server.hits.value == 1)
        #expect(throws: CourierError.self) { try response.mapJSON() }
        #expect(try response.mapJSON(failsOnEmptyData: false) is NSNull)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func invalidJSONIsObjectMappingWithTheResponse(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        struct Item: Decodable { let id: Int }
        let provider = server.provider(retrying: true)
        let target = TestTarget(
            baseURL: server.baseURL, path: "/respond",
            task: .requestParameters(
                parameters: ["body": #"{"id": 7,"#, "contentType": "application/json"],
                encoding: URLEncoding.queryString))
        let error = await #expect(throws: CourierError.self) { try await provider.request(target, as: Item.self) }
        guard case .objectMapping(let underlying, let response)? = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(underlying is DecodingError)
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"id": 7,"#)
        let asJSON = #expect(throws: CourierError.self) { try response.mapJSON() }
        guard case .jsonMapping(let attached)? = asJSON else {
            Issue.record("expected .jsonMapping, got \(String(describing: asJSON))")
            return
        }
        #expect(attached === response)
        #expect(server.hits.value == 1)
        #expect(await server.leftoverTasks() == 0)
    }
}
