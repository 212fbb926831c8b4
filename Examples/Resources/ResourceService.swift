import Courier
import Foundation

/// The facade the app calls: async functions that return the unwrapped payloads.
///
/// A business failure (`code` other than 200) arrives as a ``CourierError`` whose
/// ``CourierError/businessError`` carries the server's code and message for the user.
public struct ResourceService: Sendable {
    /// The one envelope of this API.
    public static let envelope = CodeMessageEnvelope(codeKey: "code", messageKey: "msg", dataKey: "data")

    private let provider: Provider<ResourceAPI>

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - server: Where to send the calls instead of the configured host. Default: `nil`.
    ///   - plugins: The logger, the loading indicator's plugin… Default: none.
    public init(server: URL? = nil, plugins: [any PluginType] = []) {
        provider = Provider(
            endpointClosure: { target in
                let endpoint = Provider<ResourceAPI>.defaultEndpointMapping(for: target)
                return server.map(endpoint.rebased(onto:)) ?? endpoint
            }, plugins: plugins)
    }

    /// One notice.
    public func noticeDetail(id: Int) async throws(CourierError) -> Notice {
        try await provider.request(.noticeDetail(id: id), as: Notice.self, envelope: Self.envelope)
    }

    /// The adverts of a page.
    public func advertPage(_ page: String) async throws(CourierError) -> [Advert] {
        try await provider.request(.advertPage(page), as: [Advert].self, envelope: Self.envelope)
    }
}
