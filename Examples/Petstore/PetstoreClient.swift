import Courier
import Foundation

/// The Petstore of the OpenAPI specification's examples, called through what `courier-openapi` generated
/// from its document (`openapi.yaml` beside this file, generated at build time by CourierOpenAPIPlugin):
/// `Petstore.PetsAPI` is the target enum (the tag `pets`; `Pets` is the schema of a list of pets), `Petstore.Pet` a model, `listPets(limit:)` a typed call.
public struct PetstoreClient: Sendable {
    private let provider: Provider<Petstore.PetsAPI>

    /// A client sending through `provider`.
    public init(provider: Provider<Petstore.PetsAPI>) { self.provider = provider }

    /// The first `limit` pets.
    public func pets(limit: Int32) async throws(CourierError) -> [Petstore.Pet] {
        try await provider.listPets(limit: limit)
    }

    /// Adds a pet.
    public func add(_ pet: Petstore.Pet) async throws(CourierError) {
        try await provider.createPets(body: pet)
    }

    /// One pet; an unknown one is the document's `Error` body, read from the failure.
    public func pet(id: String) async throws(CourierError) -> Petstore.Pet {
        try await provider.showPetById(petId: id)
    }

    /// The document's error body of a failed call, if it has one.
    public func errorMessage(of error: CourierError) -> String? {
        guard let response = error.response,
            let body = try? Petstore.PetsAPI.showPetById(petId: "").decode(response) as? Petstore.Error
        else { return nil }
        return "\(body.code): \(body.message)"
    }
}
