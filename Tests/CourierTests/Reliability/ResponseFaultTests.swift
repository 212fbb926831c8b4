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
        let bench = try FaultBench(kind)
        defer { bench.stop() }
        let (outcome, seconds) = await bench.send(
            bench.target("/status/503", validation: .successCodes), with: bench.provider(retrying: true))
        let error = try #require(failure(of: outcome))
        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(error)")
            return
        }
        #expect(response.statusCode == 503)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"status":503}"#)
        #expect(error.response === response)
        #expect(bench.hits.value == 3)
        #expect(seconds < FaultBench.prompt)
        #expect(await bench.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func serverErrorIsNeverRetriedForPost(kind: TransportKind) async throws {
        let bench = try FaultBench(kind)
        defer { bench.stop() }
        let (outcome, _) = await bench.send(
            bench.target("/status/500", method: .post, validation: .successCodes), with: bench.provider(retrying: true))
        #expect(try #require(failure(of: outcome)).response?.statusCode == 500)
        #expect(bench.hits.value == 1)
        #expect(await bench.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func serverErrorWithoutValidationIsAResponse(kind: TransportKind) async throws {
        let bench = try FaultBench(kind)
        defer { bench.stop() }
        let response = try await bench.provider().request(bench.target("/status/502"))
        #expect(response.statusCode == 502)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"status":502}"#)
        #expect(await bench.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func tooManyRequestsWaitsForRetryAfterAndKeepsTheAnswer(kind: TransportKind) async throws {
        let bench = try FaultBench(kind)
        defer { bench.stop() }
        let provider = Provider<TestTarget>(
            transport: bench.transport, interceptors: [RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01)])
        let target = TestTarget(
            baseURL: bench.server.baseURL, path: "/respond",
            task: .requestParameters(
                parameters: ["status": 429, "body": "slow down", "header.Retry-After": "1"],
                encoding: URLEncoding.queryString),
            validationType: .successCodes)
        let (outcome, seconds) = await bench.send(target, with: provider)
        let error = try #require(failure(of: outcome))
        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(error)")
            return
        }
        #expect(response.statusCode == 429)
        #expect(String(decoding: response.data, as: UTF8.self) == "slow down")
        #expect(response.response?.value(forHTTPHeaderField: "Retry-After") == "1")
        #expect(bench.hits.value == 2)
        #expect(seconds >= 1)  // the wait the server asked for, not the 10 ms backoff
        #expect(seconds < 1 + FaultBench.prompt)
        #expect(await bench.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func emptyBodyWhereJSONIsExpectedIsJSONMappingWithTheResponse(kind: TransportKind) async throws {
        let bench = try FaultBench(kind)
        defer { bench.stop() }
        struct Item: Decodable { let id: Int }
        let provider = bench.provider(retrying: true)
        let error = await #expect(throws: CourierError.self) {
            try await provider.request(bench.target("/respond"), as: Item.self)
        }
        guard case .jsonMapping(let response)? = error else {
            Issue.record("expected .jsonMapping, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 200)
        #expect(response.data.isEmpty)
        #expect(bench.hits.value == 1)
        #expect(throws: CourierError.self) { try response.mapJSON() }
        #expect(try response.mapJSON(failsOnEmptyData: false) is NSNull)
        #expect(await bench.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func invalidJSONIsObjectMappingWithTheResponse(kind: TransportKind) async throws {
        let bench = try FaultBench(kind)
        defer { bench.stop() }
        struct Item: Decodable { let id: Int }
        let provider = bench.provider(retrying: true)
        let target = TestTarget(
            baseURL: bench.server.baseURL, path: "/respond",
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
        #expect(bench.hits.value == 1)
        #expect(await bench.leftoverTasks() == 0)
    }
}
