import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which transport a provider made without one gets, and that a fallback is never silent.
@Suite struct DefaultTransportTests {
    @Test func onLinuxTheDefaultIsCurlAndNothingFellBack() {
        #if os(Linux)
            #expect(DefaultTransport.shared is CurlTransport)
        #else
            #expect(DefaultTransport.shared is URLSessionTransport)
        #endif
        #expect(DefaultTransport.fallbackReason == nil)
    }

    @Test func withoutLibcurlTheFallbackSaysWhyAndHowToChoose() {
        var warnings: [String] = []
        let choice = DefaultTransport.choose(
            curl: { throw CurlUnavailableError(reason: "libcurl.so.4: cannot open shared object file") },
            warn: { warnings.append($0) })
        #expect(choice.transport is URLSessionTransport)
        #expect(choice.fallbackReason?.contains("libcurl.so.4: cannot open shared object file") == true)
        #expect(warnings.count == 1)
        let warning = warnings.first ?? ""
        #expect(warning.contains("URLSessionTransport"))
        #expect(warning.contains("cannot open shared object file"))
        #expect(warning.contains("transport:"), "says how to choose a transport: \(warning)")
    }

    @Test func withLibcurlNothingIsSaid() throws {
        var warnings: [String] = []
        let choice = DefaultTransport.choose(curl: { try CurlTransport() }, warn: { warnings.append($0) })
        #expect(choice.transport is CurlTransport)
        #expect(choice.fallbackReason == nil)
        #expect(warnings.isEmpty)
    }
}
