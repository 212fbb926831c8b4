import Foundation
import Testing

@testable import Courier
@testable import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct StreamMemoryTests {
    /// CurlTransport only: URLSession on Linux cannot pause a transfer (see `SessionTask+Stream.swift`).
    @Test func aGibibyteReadSlowlyKeepsTheResidentMemoryBounded() async throws {
        try #require(ResidentMemory.current() != nil, "needs /proc/self/status")
        let size: Int64 = 1 << 30
        let piece = StandardRoutes.patternData(offset: 0, count: 64 << 10)
        let produced = Locked<Int64>(0)
        let server = try LoopbackServer { _ in
            ServerResponse(
                headers: [HeaderField(name: "Content-Type", value: "application/octet-stream")],
                body: .stream(length: size) { offset, maxCount in
                    produced.withLock { $0 = offset }
                    return piece.prefix(maxCount)
                })
        }
        defer { server.stop() }
        let provider = Provider<TestTarget>(transport: try TransportKind.curl.make())
        let baseline = ResidentMemory.current() ?? 0
        var peak = baseline
        var received: Int64 = 0
        var chunks = 0
        var lead: Int64 = 0
        let stream = try await provider.stream(TestTarget(baseURL: server.baseURL, path: "/gibibyte"))
        for try await chunk in stream {
            received += Int64(chunk.count)
            chunks += 1
            // A reader slower than the transfer: it sleeps after every mebibyte or so.
            if chunks % 64 == 0 {
                peak = max(peak, ResidentMemory.current() ?? 0)
                lead = max(lead, produced.withLock { $0 } - received)
                try await Task.sleep(nanoseconds: 2_000_000)
            }
        }
        #expect(received == size)
        let growth = peak - baseline
        #expect(growth < 64 << 20, "resident memory grew by \(growth >> 20) MiB")
        // The server is held back: never more ahead of the reader than the buffers between them.
        #expect(lead < 48 << 20, "the server got \(lead >> 20) MiB ahead of the reader")
    }
}

/// The resident memory of this process (`VmRSS`), in bytes, or `nil` where `/proc` has none.
enum ResidentMemory {
    static func current() -> Int64? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.filter(\.isNumber)
            return Int64(digits).map { $0 * 1024 }
        }
        return nil
    }
}
