import Foundation

/// When a ``Cassette`` records and when it replays, as VCR's record modes do.
///
/// The raw values are what the environment variable ``environmentVariable`` takes, so that CI replays and
/// a developer re-records with one variable and no change of code:
///
/// ```sh
/// COURIER_RECORD_MODE=all swift test        # record every cassette anew against the real server
/// COURIER_RECORD_MODE=none swift test       # replay only: a request not in a cassette fails
/// ```
public enum CassetteMode: String, Sendable, CaseIterable {
    /// Replay only: nothing is sent; a request no recorded exchange answers fails, and so does a missing
    /// cassette. For CI.
    case replayOnly = "none"
    /// Record when the cassette does not exist yet; once it does, replay only. The default.
    case recordOnce = "once"
    /// Replay what the cassette answers; send the other requests and add them to it.
    case recordNewEpisodes = "new_episodes"
    /// Send every request and record the cassette anew, dropping what it held.
    case recordAll = "all"

    /// The environment variable that sets the mode of every cassette whose code does not set one:
    /// `COURIER_RECORD_MODE`, with the value `none`, `once`, `new_episodes` or `all` (the case names,
    /// `replayOnly` …, are understood too).
    public static let environmentVariable = "COURIER_RECORD_MODE"

    /// The mode `environment` sets with ``environmentVariable``, or `nil` when it sets none.
    ///
    /// - Throws: ``CourierError/underlying(_:_:)`` with ``CassetteError/unknownMode(_:)`` for a value that
    ///   names no mode.
    public static func from(environment: [String: String]) throws(CourierError) -> CassetteMode? {
        guard let value = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty
        else { return nil }
        let spelled = value.lowercased().replacingOccurrences(of: "-", with: "_")
        if let mode = CassetteMode(rawValue: spelled) { return mode }
        if let mode = allCases.first(where: { String(describing: $0).lowercased() == value.lowercased() }) {
            return mode
        }
        if spelled == "replay" { return .replayOnly }
        throw CourierError.underlying(CassetteError.unknownMode(value), nil)
    }
}
