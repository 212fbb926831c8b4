import Courier
import CourierExamples
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The order example: POST, form-encoded, a common token and common headers on every call.
@Suite struct OrderTests {
    @Test func everyCallCarriesTheTokenAndTheDeviceHeaders() throws {
        for target in [OrderApi.list(), .findOne(sn: "DJKRE3248DFHJEW23")] {
            let request = try OrderClient.commonEndpoint(for: target, token: "t-1", deviceID: "dev-9").urlRequest()
            #expect(request.httpMethod == "POST")
            #expect(request.value(forHTTPHeaderField: "devtype") == "iOS")
            #expect(request.value(forHTTPHeaderField: "devid") == "dev-9")
            #expect(
                request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
            let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
            #expect(body.hasSuffix("token=t-1"))
        }
        let list = try OrderClient.commonEndpoint(for: .list(), token: "t", deviceID: "d").urlRequest()
        #expect(list.url?.absoluteString == "http://127.0.0.1:8080/order/list")
        #expect(list.httpBody == Data("pageNO=1&pageSize=10&token=t".utf8))
    }

    @Test func theClientListsAndFindsOrders() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let client = OrderClient(token: DemoBackend.orderToken, deviceID: "device-1", server: backend.baseURL)
        let page = try await client.list(pageNO: 2, pageSize: 5)
        #expect(page.orders.map(\.sn).first == "DJKRE0006DFHJEW23")
        #expect(page.orders.count == 5)
        let order = try await client.findOne(sn: "DJKRE0003DFHJEW23")
        #expect(order.title == "Order 3")
    }

    @Test func aWrongTokenIsRefused() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let client = OrderClient(token: "stale", deviceID: "device-1", server: backend.baseURL)
        let error = await #expect(throws: CourierError.self) { try await client.list() }
        #expect(error?.response?.statusCode == 401)
    }
}
