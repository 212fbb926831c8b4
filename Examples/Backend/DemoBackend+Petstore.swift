import Foundation
import LoopbackServer

extension DemoBackend {
    /// The Petstore of the OpenAPI examples under `/v1`: `GET /v1/pets?limit=`, `POST /v1/pets`,
    /// `GET /v1/pets/{petId}` (an unknown pet is a 404 with the document's `Error` body).
    func petstore(_ request: ServerRequest) -> ServerResponse {
        let pets: [[String: Any]] = [
            ["id": 1, "name": "Rex", "tag": "dog"], ["id": 2, "name": "Tom", "tag": "cat"], ["id": 3, "name": "Nemo"],
        ]
        let segments = request.path.split(separator: "/").map(String.init)
        switch (request.method, segments.count) {
        case ("GET", 2):
            let limit = Int(request.queryItems["limit"] ?? "") ?? pets.count
            return .json(Array(pets.prefix(limit)))
        case ("POST", 2):
            guard let pet = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
                pet["id"] is Int, pet["name"] is String
            else { return .json(["code": 400, "message": "a pet needs an id and a name"], status: 400) }
            return ServerResponse(status: 201)
        case ("GET", 3):
            guard let pet = pets.first(where: { "\($0["id"] ?? "")" == segments[2] }) else {
                return .json(["code": 404, "message": "no pet \(segments[2])"], status: 404)
            }
            return .json(pet)
        default:
            return .json(["code": 404, "message": "no route"], status: 404)
        }
    }
}
