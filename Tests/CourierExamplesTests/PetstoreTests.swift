import Courier
import CourierExamples
import Foundation
import Testing

/// The generated Petstore client against the demo backend.
@Suite("Petstore example (generated from its OpenAPI document)")
struct PetstoreTests {
    @Test func listsAddsAndReadsTheDocumentedError() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let client = PetstoreClient(provider: Provider(endpointClosure: rebasing(onto: backend.baseURL)))
        #expect(try await client.pets(limit: 2).map(\.name) == ["Rex", "Tom"])
        try await client.add(Petstore.Pet(id: 4, name: "Kitty"))
        await #expect(throws: CourierError.self) { try await client.pet(id: "9") }
        do {
            _ = try await client.pet(id: "9")
        } catch {
            #expect(client.errorMessage(of: error) == "404: no pet 9")
        }
    }
}
