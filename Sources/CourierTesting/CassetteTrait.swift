import Courier
import Testing

#if compiler(>=6.1)
    /// A Swift Testing trait that runs a test with a cassette: its transport records the test's exchanges
    /// to a HAR file beside the test, or replays them from it, as the cassette's mode says.
    ///
    /// ```swift
    /// import CourierTesting
    /// import Testing
    ///
    /// @Test(.cassette("login"))
    /// func logsIn() async throws {
    ///     let provider = Provider<Auth>(transport: CassetteTrait.transport)
    ///     let session = try await provider.request(.login(user: "ann", password: "secret"), as: Session.self)
    ///     #expect(session.user == "ann")
    /// }
    /// ```
    ///
    /// `login` is `Cassettes/login.har` in the folder of the test's source file. The first run records it
    /// against the real server (through ``Courier/DefaultTransport/shared``, or the transport given as
    /// `recordingThrough`); later runs replay it with no network. `COURIER_RECORD_MODE=all swift test`
    /// records every cassette anew, `COURIER_RECORD_MODE=none` replays only (see
    /// ``Courier/CassetteMode``); a `mode` given here wins over the environment.
    ///
    /// A provider on ``transport`` runs its plugins, interceptors and validation as on the network.
    public struct CassetteTrait: TestTrait, TestScoping {
        /// The cassette the test runs with.
        public let cassette: Cassette
        /// The transport that sends what is recorded.
        public let live: any Transport

        /// A trait that runs tests with `cassette`, recording through `live`.
        public init(_ cassette: Cassette, recordingThrough live: any Transport = DefaultTransport.shared) {
            self.cassette = cassette
            self.live = live
        }

        /// The transport of the cassette of the running test.
        ///
        /// Outside a test with the trait, a transport whose every request fails with a sentence saying so.
        public static var transport: any Transport {
            current ?? NoCassette()
        }

        @TaskLocal private static var current: (any Transport)?

        /// Runs `function` with the cassette's transport as ``transport``.
        ///
        /// - Throws: What ``Courier/Cassette/transport(recording:environment:)`` throws (the cassette is
        ///   missing in replay-only mode, unreadable, or the environment names no mode), then what the
        ///   test throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let transport = try cassette.transport(recording: live)
            try await Self.$current.withValue(transport) {
                try await function()
            }
        }
    }

    extension Trait where Self == CassetteTrait {
        /// Runs the test with the cassette `Cassettes/<name>.har` beside its source file.
        ///
        /// - Parameters:
        ///   - name: The cassette's name; `login` is `Cassettes/login.har`.
        ///   - mode: When to record and when to replay. Default: `nil`, what `COURIER_RECORD_MODE` says,
        ///     else ``Courier/CassetteMode/recordOnce``.
        ///   - matchers: What an exchange must share with a request to answer it. Default: `[.method, .url]`.
        ///   - allowsRepeats: Whether exchanges answer again. Default: `false`.
        ///   - pacing: Whether replayed streams keep their pauses. Default: `.recorded`.
        ///   - redaction: What the recording hides. Default: ``Courier/Redaction/default``.
        ///   - live: The transport that sends what is recorded. Default: ``Courier/DefaultTransport/shared``.
        ///   - filePath: The test's source file. Default: the caller's.
        public static func cassette(
            _ name: String, mode: CassetteMode? = nil, matching matchers: [RequestMatcher] = [.method, .url],
            allowsRepeats: Bool = false, pacing: ReplayPacing = .recorded, redaction: Redaction = .default,
            recordingThrough live: any Transport = DefaultTransport.shared, filePath: String = #filePath
        ) -> Self {
            CassetteTrait(
                Cassette(
                    name, mode: mode, matching: matchers, allowsRepeats: allowsRepeats, pacing: pacing,
                    redaction: redaction, filePath: filePath),
                recordingThrough: live)
        }

        /// Runs the test with `cassette`.
        ///
        /// - Parameters:
        ///   - cassette: The cassette, with its file and settings.
        ///   - live: The transport that sends what is recorded. Default: ``Courier/DefaultTransport/shared``.
        public static func cassette(
            _ cassette: Cassette, recordingThrough live: any Transport = DefaultTransport.shared
        ) -> Self {
            CassetteTrait(cassette, recordingThrough: live)
        }
    }

    /// The transport of a test without a cassette: every request fails, saying why.
    private struct NoCassette: Transport {
        struct Missing: Error, CustomStringConvertible {
            var description: String {
                "CassetteTrait.transport was used in a test without the .cassette(…) trait"
            }
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw Missing()
        }
    }
#endif
