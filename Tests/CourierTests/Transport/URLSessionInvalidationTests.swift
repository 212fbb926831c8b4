import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLSessionTransport` whose session was invalidated refuses requests with a ``CourierError``
/// (URLSession itself stops the process when a task is made in an invalidated session).
@Suite struct URLSessionInvalidationTests {
    enum Invalidation: String, CaseIterable, Sendable {
        case invalidateAndCancel, finishTasksAndInvalidate
    }

    @Test(arguments: Invalidation.allCases)
    func aRequestAfterTheSessionWasInvalidatedFailsWithAnError(_ invalidation: Invalidation) async throws {
        let transport = URLSessionTransport(configuration: .ephemeral)
        let provider = Provider<TestTarget>(transport: transport)
        #expect(try await provider.request(try .loopback("/echo")).statusCode == 200)
        switch invalidation {
        case .invalidateAndCancel: transport.session.invalidateAndCancel()
        case .finishTasksAndInvalidate: transport.session.finishTasksAndInvalidate()
        }
        for _ in 0..<3 {
            let error = await #expect(throws: CourierError.self) { try await provider.request(try .loopback("/echo")) }
            #expect(error?.underlyingError is SessionInvalidatedError)
            #expect(error?.isCancelled == false)
            #expect(error?.errorDescription?.contains("invalidated") == true)
        }
        await #expect(throws: CourierError.self) { try await provider.stream(try .loopback("/echo")) }
    }

    @Test func aRequestInFlightWhenTheSessionIsInvalidatedAndCancelledEnds() async throws {
        let transport = URLSessionTransport(configuration: .ephemeral)
        let provider = Provider<TestTarget>(transport: transport)
        let request = Task { try await provider.request(try .loopback("/echo?delay=10000")) }
        try await Task.sleep(for: .milliseconds(300))
        transport.session.invalidateAndCancel()
        await #expect(throws: CourierError.self) { try await request.value }
    }
}
