import Courier
import CourierExamples
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The enveloped resource API: unwrapped payloads, business errors, a loading indicator.
@Suite struct ResourceTests {
    @Test func targetsUseTheSharedConfiguration() throws {
        let request = try Provider<ResourceAPI>.defaultEndpointMapping(for: .noticeDetail(id: 7)).urlRequest()
        #expect(request.url?.absoluteString == "https://api.example.com/gateway/resource/notice/detail?id=7")
        #expect(request.value(forHTTPHeaderField: "X-Client") == "courier-demo")
    }

    @Test func payloadsAreUnwrapped() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let service = ResourceService(server: backend.baseURL)
        let notice = try await service.noticeDetail(id: 7)
        #expect(notice.id == 7)
        #expect(notice.title == "Maintenance window")
        let adverts = try await service.advertPage("home")
        #expect(adverts.map(\.link) == ["app://home/1", "app://home/2"])
    }

    @Test func aBusinessFailureCarriesTheServersMessage() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let error = await #expect(throws: CourierError.self) {
            try await ResourceService(server: backend.baseURL).noticeDetail(id: 404)
        }
        #expect(error?.businessError == BusinessError(code: 404, message: "This notice has been withdrawn."))
        #expect(error?.localizedDescription == "This notice has been withdrawn.")
    }

    @Test func theIndicatorStaysOnWhileAnyNoticeLoadsAndIgnoresAdverts() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let indicator = LoadingIndicator()
        let service = ResourceService(server: backend.baseURL, plugins: [indicator.plugin])
        _ = try await service.advertPage("home")
        #expect(indicator.changes.isEmpty)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...5 {
                group.addTask { _ = try await service.noticeDetail(id: id) }
            }
            try await group.waitForAll()
        }
        #expect(!indicator.isVisible)
        #expect(indicator.changes.first == true)
        #expect(indicator.changes.last == false)
        #expect(indicator.changes.count.isMultiple(of: 2))
    }
}
