import Courier
import Foundation

/// What app code calls for orders. Adds the common `token` parameter and the `devtype` and `devid`
/// headers to every call, in one place.
public struct OrderClient: Sendable {
    private let provider: Provider<OrderApi>

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - token: The session token sent with every call.
    ///   - deviceID: The device identifier sent as `devid`.
    ///   - server: Where to send the calls instead of ``OrderApi/baseURL``'s host. Default: `nil`.
    ///   - plugins: Plugins for every call. Default: none.
    public init(token: String, deviceID: String, server: URL? = nil, plugins: [any PluginType] = []) {
        provider = Provider(
            endpointClosure: { target in
                let endpoint = OrderClient.commonEndpoint(for: target, token: token, deviceID: deviceID)
                return server.map(endpoint.rebased(onto:)) ?? endpoint
            }, plugins: plugins)
    }

    /// The endpoint of `target` with the common token parameter and headers.
    public static func commonEndpoint(for target: OrderApi, token: String, deviceID: String) -> Endpoint {
        let endpoint = Provider<OrderApi>.defaultEndpointMapping(for: target)
            .adding(newHTTPHeaderFields: ["devtype": "iOS", "devid": deviceID])
        guard case .requestParameters(var parameters, let encoding) = endpoint.task else { return endpoint }
        parameters["token"] = token
        return endpoint.replacing(task: .requestParameters(parameters: parameters, encoding: encoding))
    }

    /// A page of orders.
    public func list(pageNO: Int = 1, pageSize: Int = 10) async throws(CourierError) -> OrderPage {
        try await provider.request(.list(pageNO: pageNO, pageSize: pageSize), as: OrderPage.self)
    }

    /// One order by its serial number.
    public func findOne(sn: String) async throws(CourierError) -> Order {
        try await provider.request(.findOne(sn: sn), as: Order.self)
    }
}
