import Foundation

/// The clients that cases 4 and 5 compare.
enum BenchClient: String, CaseIterable {
    /// `Provider` over `CurlTransport`, the default transport on Linux.
    case courierCurl = "courier-curl"
    /// `Provider` over `URLSessionTransport`.
    case courierURLSession = "courier-urlsession"
    /// `URLSession` used by hand.
    case urlSession = "urlsession"
    /// libcurl's own C loop (the `CurlBenchLoop` target).
    case libcurl

    /// The client as the tables name it.
    var title: String {
        switch self {
        case .courierCurl: "Courier on curl"
        case .courierURLSession: "Courier on URLSession"
        case .urlSession: "URLSession"
        case .libcurl: "libcurl's loop"
        }
    }
}

/// One transfer run in a child process, so that its peak resident memory is its own:
/// `upload-courier-curl`, `download-libcurl`, ….
struct TransferRole: Hashable {
    /// Whether this is an upload (else a download).
    let isUpload: Bool
    /// Who moves the bytes.
    let client: BenchClient

    var rawValue: String {
        (isUpload ? "upload-" : "download-") + client.rawValue
    }

    init(isUpload: Bool, client: BenchClient) {
        self.isUpload = isUpload
        self.client = client
    }

    init?(rawValue: String) {
        guard let dash = rawValue.firstIndex(of: "-"),
            let client = BenchClient(rawValue: String(rawValue[rawValue.index(after: dash)...]))
        else { return nil }
        switch rawValue[..<dash] {
        case "upload": isUpload = true
        case "download": isUpload = false
        default: return nil
        }
        self.client = client
    }
}

/// What a child process is asked to do: `--child <role> <server URL> <bytes> <file>`.
///
/// For an upload `file` is the file to send; for a download, where to write the body.
struct ChildRequest {
    let role: TransferRole
    let server: URL
    let bytes: Int64
    let file: URL

    /// The arguments that ask a child for this transfer.
    var arguments: [String] {
        [ChildRequest.flag, role.rawValue, server.absoluteString, String(bytes), file.path]
    }

    /// The hidden flag that makes the bench a transfer child.
    static let flag = "--child"

    /// Reads a request from the arguments that follow ``flag``.
    init?(arguments: ArraySlice<String>) {
        let values = Array(arguments)
        guard values.count == 4, let role = TransferRole(rawValue: values[0]), let server = URL(string: values[1]),
            let bytes = Int64(values[2])
        else { return nil }
        self.init(role: role, server: server, bytes: bytes, file: URL(fileURLWithPath: values[3]))
    }

    init(role: TransferRole, server: URL, bytes: Int64, file: URL) {
        self.role = role
        self.server = server
        self.bytes = bytes
        self.file = file
    }
}

/// What a child reports on its standard output, one line: `child-result <seconds> <peak KiB> <start KiB>`,
/// or `child-error <reason>`.
struct ChildReport {
    /// Seconds from the start of the request to the body in place (download) or the answer (upload).
    let seconds: Double
    /// The child's `VmHWM` after the transfer, in KiB.
    let peakKiB: Int
    /// The child's `VmHWM` before the transfer began, in KiB: the floor of Foundation and the runtime.
    let startPeakKiB: Int

    static let prefix = "child-result"
    static let errorPrefix = "child-error"

    /// The line the child prints.
    var line: String {
        "\(Self.prefix) \(seconds) \(peakKiB) \(startPeakKiB)"
    }

    /// Reads a report from a child's output.
    static func parse(_ output: String) -> Result<ChildReport, ChildFailure> {
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == Substring(prefix), fields.count == 4, let seconds = Double(fields[1]),
                let peak = Int(fields[2]), let start = Int(fields[3])
            {
                return .success(ChildReport(seconds: seconds, peakKiB: peak, startPeakKiB: start))
            }
            if line.hasPrefix(errorPrefix) {
                return .failure(ChildFailure(reason: String(line.dropFirst(errorPrefix.count + 1))))
            }
        }
        return .failure(ChildFailure(reason: "no report in the child's output: \(output.prefix(300))"))
    }
}

/// Why a child did not report a transfer.
struct ChildFailure: Error, CustomStringConvertible {
    let reason: String

    var description: String { reason }
}
