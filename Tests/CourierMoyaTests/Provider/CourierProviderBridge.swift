import Courier
import TestSupport

/// Sends a CourierMoya target with Courier's own `Provider`, from a file that imports Courier alone, as
/// an app moving one file at a time would.
enum CourierProviderBridge {
    static func echo(of target: Shelf) async throws -> Echo {
        try await Provider<Shelf>().request(target).map(Echo.self)
    }
}
