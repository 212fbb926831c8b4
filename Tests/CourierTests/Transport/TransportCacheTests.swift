import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLCache that makes cancellation crash on Linux is left out, without touching the caller's
/// configuration.
@Suite struct TransportCacheTests {
    @Test func theTransportKeepsNoURLCacheOnLinuxAndLeavesTheGivenConfigurationAlone() {
        let configuration = URLSessionConfiguration.default
        let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        configuration.urlCache = cache
        configuration.timeoutIntervalForRequest = 17
        let transport = URLSessionTransport(configuration: configuration)
        #if canImport(FoundationNetworking)
            #expect(transport.session.configuration.urlCache == nil)
        #else
            #expect(transport.session.configuration.urlCache === cache)
        #endif
        #expect(transport.session.configuration.timeoutIntervalForRequest == 17)
        #expect(configuration.urlCache === cache)
    }
}
