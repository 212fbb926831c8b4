import Foundation
import TestSupport
import Testing

@testable import Courier
@testable import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct StreamMemoryTests {
    /// CurlTransport only: URLSession on Linux cannot pause a transfer (see `SessionTask+Stream.swift`).
    /// The server is held back by the slow reader: never further ahead than the buffers between them.
    /// 128 MiB is enough to tell (a transfer that did not pause would run far ahead of the reader) and
    /// keeps this in-process test light: a gibibyte here held the other tests back for seconds.
    @Test func aSlowReaderHoldsTheServerBack() async throws {
        let size: Int64 = 128 << 20
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
        var received: Int64 = 0
        var chunks = 0
        var lead: Int64 = 0
        let stream = try await provider.stream(TestTarget(baseURL: server.baseURL, path: "/body"))
        for try await chunk in stream {
            received += Int64(chunk.count)
            chunks += 1
            // A reader slower than the transfer: it sleeps after every mebibyte or so.
            if chunks % 64 == 0 {
                lead = max(lead, produced.withLock { $0 } - received)
                try await Task.sleep(nanoseconds: 2_000_000)
            }
        }
        #expect(received == size)
        #expect(lead < 48 << 20, "the server got \(lead >> 20) MiB ahead of the reader")
    }

    /// The same slow read of 1 GiB in a process of its own (`courier-bench`'s transfer child, built beside
    /// the tests), whose peak resident memory no other test can swell: it grows by less than 64 MiB.
    @Test func aGibibyteReadSlowlyKeepsThePeakResidentMemoryBounded() async throws {
        let bench = try #require(
            Self.benchExecutable(), "courier-bench is built with the tests (swift build --build-tests)")
        let server = try LoopbackServer()
        defer { server.stop() }
        let arguments = [
            "--child", "slow-stream-courier-curl", server.baseURL.absoluteString, String(1 << 30), "/dev/null",
        ]
        let output = try await offThePool { () throws -> String in
            String(decoding: try ChildProcess.run(bench.path, arguments).output, as: UTF8.self)
        }
        // `child-result <seconds> <peak KiB> <start KiB>`, or `child-error <reason>`.
        let fields = output.split(whereSeparator: \.isWhitespace)
        try #require(fields.first == "child-result" && fields.count == 4, "the child said: \(output)")
        let peak = Int(fields[2]) ?? .max
        let start = Int(fields[3]) ?? 0
        let growth = (peak - start) >> 10
        #expect(growth < 64, "peak resident memory grew by \(growth) MiB (\(peak >> 10) MiB in all)")
    }

    /// `courier-bench` in the folder of the running test binary.
    private static func benchExecutable() -> URL? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let bench = folder.appendingPathComponent("courier-bench")
        return FileManager.default.isExecutableFile(atPath: bench.path) ? bench : nil
    }
}
