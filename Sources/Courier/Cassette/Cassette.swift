import Foundation

/// A HAR file of recorded exchanges and how to use it: when to record, when to replay, how to match,
/// what to hide. Its ``transport(recording:environment:)`` is what a ``Provider`` sends through.
///
/// ```swift
/// let cassette = Cassette("login")      // Cassettes/login.har beside this source file
/// let provider = Provider<Auth>(transport: try cassette.transport())
/// ```
///
/// The mode decides what the transport does (see ``CassetteMode``): with the default, the first run
/// records the exchanges against the real server through the live transport, and every later run
/// replays them with no network. Leave ``mode`` `nil` and the environment variable
/// `COURIER_RECORD_MODE` (``CassetteMode/environmentVariable``) chooses, so that CI replays
/// (`none`) and a developer records again (`all`) without a change of code.
///
/// A provider built on a cassette runs its plugins, interceptors and validation as it does on the
/// network: only the transport differs.
public struct Cassette: Sendable {
    /// The HAR file.
    public var file: URL
    /// When to record and when to replay; `nil`: what `COURIER_RECORD_MODE` says, else
    /// ``CassetteMode/recordOnce``.
    public var mode: CassetteMode?
    /// What a recorded exchange must share with a request to answer it. Default: `[.method, .url]`.
    public var matchers: [RequestMatcher]
    /// Whether an exchange answers again once every matching one has been used. Default: `false`.
    public var allowsRepeats: Bool
    /// Whether replayed streams keep their recorded pauses. Default: ``ReplayPacing/recorded``.
    public var pacing: ReplayPacing
    /// What is hidden from the recording. Default: ``Redaction/default``.
    public var redaction: Redaction
    /// The redirects a replay follows and its size limits, as the live transport's. Default: the
    /// default ``TransportPolicy``.
    public var policy: TransportPolicy

    /// A cassette in the file `file`.
    ///
    /// - Parameters:
    ///   - file: The HAR file to replay from and record to.
    ///   - mode: When to record and when to replay. Default: `nil`, the environment's choice.
    ///   - matchers: What an exchange must share with a request to answer it. Default: `[.method, .url]`.
    ///   - allowsRepeats: Whether exchanges answer again. Default: `false`.
    ///   - pacing: Whether replayed streams keep their pauses. Default: ``ReplayPacing/recorded``.
    ///   - redaction: What the recording hides. Default: ``Redaction/default``.
    ///   - policy: The replay's redirects and limits. Default: the default ``TransportPolicy``.
    public init(
        file: URL, mode: CassetteMode? = nil, matching matchers: [RequestMatcher] = [.method, .url],
        allowsRepeats: Bool = false, pacing: ReplayPacing = .recorded, redaction: Redaction = .default,
        policy: TransportPolicy = TransportPolicy()
    ) {
        self.file = file
        self.mode = mode
        self.matchers = matchers
        self.allowsRepeats = allowsRepeats
        self.pacing = pacing
        self.redaction = redaction
        self.policy = policy
    }

    /// The cassette `Cassettes/<name>.har` in the folder of the source file that names it (a test's).
    ///
    /// - Parameters:
    ///   - name: The cassette's name; `login` is `Cassettes/login.har`.
    ///   - mode: When to record and when to replay. Default: `nil`, the environment's choice.
    ///   - matchers: What an exchange must share with a request to answer it. Default: `[.method, .url]`.
    ///   - allowsRepeats: Whether exchanges answer again. Default: `false`.
    ///   - pacing: Whether replayed streams keep their pauses. Default: ``ReplayPacing/recorded``.
    ///   - redaction: What the recording hides. Default: ``Redaction/default``.
    ///   - policy: The replay's redirects and limits. Default: the default ``TransportPolicy``.
    ///   - filePath: The source file beside which the cassette lives. Default: the caller's.
    public init(
        _ name: String, mode: CassetteMode? = nil, matching matchers: [RequestMatcher] = [.method, .url],
        allowsRepeats: Bool = false, pacing: ReplayPacing = .recorded, redaction: Redaction = .default,
        policy: TransportPolicy = TransportPolicy(), filePath: String = #filePath
    ) {
        self.init(
            file: Self.file(named: name, besideSourceFile: filePath), mode: mode, matching: matchers,
            allowsRepeats: allowsRepeats, pacing: pacing, redaction: redaction, policy: policy)
    }

    /// `Cassettes/<name>.har` beside the source file `filePath` (`.har` is not added twice).
    public static func file(named name: String, besideSourceFile filePath: String) -> URL {
        let fileName = name.lowercased().hasSuffix(".har") ? name : name + ".har"
        return URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Cassettes")
            .appendingPathComponent(fileName)
    }

    /// The transport for this cassette's mode: a ``ReplayTransport``, a ``RecordingTransport`` around
    /// `live`, or for ``CassetteMode/recordNewEpisodes`` a replay that records what it cannot answer.
    ///
    /// - Parameters:
    ///   - live: The transport that sends what is recorded. Default: ``DefaultTransport/shared``.
    ///   - environment: Where `COURIER_RECORD_MODE` is read when ``mode`` is `nil`. Default: the
    ///     process's environment.
    /// - Throws: ``CourierError/underlying(_:_:)`` with ``CassetteError/missingFile(_:)`` in
    ///   ``CassetteMode/replayOnly`` without a file, ``CassetteError/unreadableFile(_:reason:)``, or
    ///   ``CassetteError/unknownMode(_:)``.
    public func transport(
        recording live: any Transport = DefaultTransport.shared,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CourierError) -> any Transport {
        let mode = try resolvedMode(environment: environment)
        let exists = FileManager.default.fileExists(atPath: file.path)
        switch mode {
        case .replayOnly:
            return replay(try CassetteFile(contentsOf: file), otherwise: nil)
        case .recordOnce where exists:
            return replay(try CassetteFile(contentsOf: file), otherwise: nil)
        case .recordNewEpisodes where exists:
            let cassette = try CassetteFile(contentsOf: file)
            return replay(
                cassette, otherwise: RecordingTransport(recording: live, into: cassette, redaction: redaction))
        case .recordOnce, .recordNewEpisodes, .recordAll:
            return RecordingTransport(recording: live, to: file, redaction: redaction)
        }
    }

    /// ``mode``, else the environment's, else ``CassetteMode/recordOnce``.
    public func resolvedMode(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CourierError) -> CassetteMode {
        if let mode { return mode }
        return try CassetteMode.from(environment: environment) ?? .recordOnce
    }

    private func replay(_ cassette: CassetteFile, otherwise fallback: (any Transport)?) -> ReplayTransport {
        ReplayTransport(
            cassette: cassette, matching: matchers, allowsRepeats: allowsRepeats, pacing: pacing, policy: policy,
            fallback: fallback)
    }
}

/// Runs `body` with the transport of `cassette`: the function form of the cassette trait, for XCTest and
/// for code outside tests (previews).
///
/// ```swift
/// func testLogin() async throws {
///     try await withCassette(Cassette("login")) { transport in
///         let provider = Provider<Auth>(transport: transport)
///         let session = try await provider.request(.login(user: "ann", password: "secret"), as: Session.self)
///         XCTAssertEqual(session.user, "ann")
///     }
/// }
/// ```
///
/// - Parameters:
///   - cassette: The cassette.
///   - live: The transport that sends what is recorded. Default: ``DefaultTransport/shared``.
///   - isolation: The actor `body` runs on. Default: the caller's.
///   - body: What runs with the transport.
/// - Returns: What `body` returns.
/// - Throws: What ``Cassette/transport(recording:environment:)`` throws, then what `body` throws.
public func withCassette<Value>(
    _ cassette: Cassette, recording live: any Transport = DefaultTransport.shared,
    isolation: isolated (any Actor)? = #isolation, _ body: (any Transport) async throws -> Value
) async throws -> Value {
    try await body(try cassette.transport(recording: live))
}
