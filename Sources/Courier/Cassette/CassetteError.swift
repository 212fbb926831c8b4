import Foundation

/// Why a cassette could not answer, be read or be written. Courier's cassette transports throw it as
/// ``CourierError/underlying(_:_:)`` (a request reaches its caller as that ``CourierError``), and its
/// sentence is the error's description.
public enum CassetteError: Error, LocalizedError, Sendable, Equatable {
    /// No recorded exchange answers the request: `request` is `METHOD URL`; `closest` are the recorded
    /// exchanges nearest to it, each with why it did not match.
    case noMatch(request: String, file: URL, matchers: [String], closest: [Candidate])
    /// The cassette file does not exist (and the mode does not record).
    case missingFile(URL)
    /// The file is not a HAR file Courier can read: not JSON, or an entry without a request or response.
    case unreadableFile(URL, reason: String)
    /// The recording could not be written to the file.
    case cannotWrite(URL, reason: String)
    /// The environment variable ``CassetteMode/environmentVariable`` holds a value that names no mode.
    case unknownMode(String)

    /// A recorded exchange that did not answer a request, and why.
    public struct Candidate: Sendable, Equatable {
        /// Its position in the file's entries, counting from 1.
        public let entry: Int
        /// `METHOD URL` of the recorded request.
        public let request: String
        /// Why it does not answer: a phrase for each matcher that turned it down, or that it was used.
        public let reasons: [String]

        /// Creates a candidate.
        public init(entry: Int, request: String, reasons: [String]) {
            self.entry = entry
            self.request = request
            self.reasons = reasons
        }
    }

    /// A sentence saying what went wrong and what to do.
    public var errorDescription: String? {
        switch self {
        case .noMatch(let request, let file, let matchers, let closest):
            let name = file.lastPathComponent
            var text =
                "No exchange recorded in \(name) answers \(request) (matching on \(matchers.joined(separator: ", ")))"
            guard !closest.isEmpty else { return text + "; the cassette holds no exchange." }
            text += ". The closest: "
            text += closest.map { candidate in
                "entry \(candidate.entry), \(candidate.request) (\(candidate.reasons.joined(separator: "; ")))"
            }.joined(separator: "; ")
            return text + ". Record it (mode .recordNewEpisodes, or \(CassetteMode.environmentVariable)=new_episodes) "
                + "or match on other parts of the request."
        case .missingFile(let file):
            return "There is no cassette at \(file.path): record it first (mode .recordOnce, or "
                + "\(CassetteMode.environmentVariable)=once)."
        case .unreadableFile(let file, let reason):
            return "The cassette \(file.path) is not a HAR file Courier can read: \(reason)"
        case .cannotWrite(let file, let reason):
            return "The cassette \(file.path) could not be written: \(reason)"
        case .unknownMode(let value):
            return "\(CassetteMode.environmentVariable)=\(value) names no cassette mode: use "
                + CassetteMode.allCases.map(\.rawValue).joined(separator: ", ") + "."
        }
    }
}
