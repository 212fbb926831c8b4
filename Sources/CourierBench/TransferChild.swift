import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The child side of case 5: one upload or download by one ``BenchClient``, then a ``ChildReport`` on
/// standard output.
enum TransferChild {
    /// Runs the transfer and prints its report; returns the exit status.
    static func run(_ request: ChildRequest) async -> Int32 {
        let startPeak = peakResidentKiB() ?? 0
        do {
            let start = Stopwatch.now()
            try await transfer(request)
            let seconds = Stopwatch.seconds(since: start)
            try verify(request)
            let report = ChildReport(
                seconds: seconds, peakKiB: peakResidentKiB() ?? 0, startPeakKiB: startPeak)
            print(report.line)
            return 0
        } catch {
            let reason = "\(error)".replacingOccurrences(of: "\n", with: " ")
            print("\(ChildReport.errorPrefix) \(request.role.rawValue): \(reason)")
            return 1
        }
    }

    private static func transfer(_ request: ChildRequest) async throws {
        let upload = request.server.appendingPathComponent("upload")
        let download = request.server.appendingPathComponent("bytes/\(request.bytes)")
        if request.role.kind == .slowStream { return try await slowStream(request) }
        switch (request.role.client, request.role.isUpload) {
        case (.libcurl, true):
            try LibcurlLoop.upload(request.file, to: upload)
        case (.libcurl, false):
            try LibcurlLoop.download(download, to: request.file, bytes: request.bytes)
        case (.urlSession, true):
            let (data, status) = try await rawUpload(request)
            try checkUploadAnswer(data, status: status, expected: request.bytes)
        case (.urlSession, false):
            try await rawDownload(request)
        case (.courierCurl, _), (.courierURLSession, _):
            let transport: any Transport =
                request.role.client == .courierCurl ? try CurlTransport() : URLSessionTransport()
            let provider = Provider<LoopbackAPI>(transport: transport)
            if request.role.isUpload {
                let response = try await provider.request(.upload(server: request.server, file: request.file))
                try checkUploadAnswer(response.data, status: response.statusCode, expected: request.bytes)
            } else {
                let response = try await provider.request(
                    .download(server: request.server, count: request.bytes, destination: request.file))
                guard response.statusCode == 200 else {
                    throw BenchFailure("download answered \(response.statusCode)")
                }
            }
        }
    }

    /// Reads `GET /bytes/<n>` through `Provider.stream(_:)`, sleeping 2 ms after every 64 chunks (about
    /// a mebibyte), so that the reader is slower than the transfer and back-pressure has to hold it.
    private static func slowStream(_ request: ChildRequest) async throws {
        let transport: any Transport =
            switch request.role.client {
            case .courierCurl: try CurlTransport()
            case .courierURLSession: URLSessionTransport()
            case .libcurl, .urlSession: throw BenchFailure("only Courier's clients stream")
            }
        let provider = Provider<LoopbackAPI>(transport: transport)
        var received: Int64 = 0
        var chunks = 0
        for try await chunk in try await provider.stream(.bytes(server: request.server, count: Int(request.bytes))) {
            received += Int64(chunk.count)
            chunks += 1
            if chunks % 64 == 0 { try await Task.sleep(for: .milliseconds(2)) }
        }
        guard received == request.bytes else {
            throw BenchFailure("streamed \(received) bytes, expected \(request.bytes)")
        }
    }

    /// `URLSession.uploadTask(with:fromFile:)` with a completion handler.
    private static func rawUpload(_ request: ChildRequest) async throws -> (Data, Int) {
        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        var urlRequest = URLRequest(url: request.server.appendingPathComponent("upload"))
        urlRequest.httpMethod = "POST"
        return try await withCheckedThrowingContinuation { continuation in
            let task = session.uploadTask(with: urlRequest, fromFile: request.file) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(
                        returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
                }
            }
            task.resume()
        }
    }

    /// `URLSession.downloadTask(with:)` with a completion handler that moves the file into place.
    private static func rawDownload(_ request: ChildRequest) async throws {
        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        let urlRequest = URLRequest(url: request.server.appendingPathComponent("bytes/\(request.bytes)"))
        let destination = request.file
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let task = session.downloadTask(with: urlRequest) { location, response, error in
                do {
                    if let error { throw error }
                    guard let location, (response as? HTTPURLResponse)?.statusCode == 200 else {
                        throw BenchFailure("download answered \(String(describing: response))")
                    }
                    try? FileManager.default.removeItem(at: destination)
                    try FileManager.default.moveItem(at: location, to: destination)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            task.resume()
        }
    }

    /// Checks the server's `{"bytes": n, "checksum": …}` answer to an upload.
    private static func checkUploadAnswer(_ data: Data, status: Int, expected: Int64) throws {
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let received = (object?["bytes"] as? NSNumber)?.int64Value
        guard status == 200, received == expected else {
            throw BenchFailure(
                "upload answered \(status) \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
    }

    /// Checks that a download left a file of the expected size, then removes it.
    private static func verify(_ request: ChildRequest) throws {
        guard request.role.kind == .download else { return }
        defer { try? FileManager.default.removeItem(at: request.file) }
        let attributes = try FileManager.default.attributesOfItem(atPath: request.file.path)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        guard size == request.bytes else {
            throw BenchFailure("downloaded file holds \(size) bytes, expected \(request.bytes)")
        }
    }

    /// This process's peak resident set size so far (`VmHWM` in `/proc/self/status`), in KiB; `nil` where
    /// `/proc` is not available.
    private static func peakResidentKiB() -> Int? {
        let name = "VmHWM:"
        let line = procFile("self/status")?.split(separator: "\n").first { $0.hasPrefix(name) }
        return line?.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
    }
}

/// One transfer run in a child process, so that its peak resident memory is its own:
/// `upload-courier-curl`, `download-libcurl`, `slow-stream-courier-curl`, ….
struct TransferRole: Hashable, Sendable {
    /// What the child does with the bytes.
    enum Kind: String, CaseIterable, Sendable {
        /// Sends a file.
        case upload
        /// Receives a body into a file.
        case download
        /// Reads a body through `Provider.stream(_:)` more slowly than it arrives (Courier's clients
        /// only): what the streaming tests read the peak memory of.
        case slowStream = "slow-stream"
    }

    let kind: Kind
    /// Who moves the bytes.
    let client: BenchClient

    /// Whether this is an upload.
    var isUpload: Bool { kind == .upload }

    var rawValue: String { "\(kind.rawValue)-\(client.rawValue)" }

    init(isUpload: Bool, client: BenchClient) {
        self.init(kind: isUpload ? .upload : .download, client: client)
    }

    init(kind: Kind, client: BenchClient) {
        self.kind = kind
        self.client = client
    }

    init?(rawValue: String) {
        guard let kind = Kind.allCases.first(where: { rawValue.hasPrefix($0.rawValue + "-") }),
            let client = BenchClient(rawValue: String(rawValue.dropFirst(kind.rawValue.count + 1)))
        else { return nil }
        self.init(kind: kind, client: client)
    }
}

/// What a child process is asked to do: `--child <role> <server URL> <bytes> <file>`.
///
/// For an upload `file` is the file to send; for a download, where to write the body.
struct ChildRequest: Sendable {
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
    static func parse(_ output: String) -> Result<ChildReport, BenchFailure> {
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == Substring(prefix), fields.count == 4, let seconds = Double(fields[1]),
                let peak = Int(fields[2]), let start = Int(fields[3])
            {
                return .success(ChildReport(seconds: seconds, peakKiB: peak, startPeakKiB: start))
            }
            if line.hasPrefix(errorPrefix) {
                return .failure(BenchFailure(String(line.dropFirst(errorPrefix.count + 1))))
            }
        }
        return .failure(BenchFailure("no report in the child's output: \(output.prefix(300))"))
    }
}

/// Runs this executable again as a transfer child and collects its report.
enum ChildProcessRunner {
    /// This executable, as the kernel knows it.
    private static var executableURL: URL {
        let link = "/proc/self/exe"
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: link) {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// Runs a child for `request` and waits for it, off Swift's cooperative threads.
    static func run(_ request: ChildRequest) async -> Result<ChildReport, BenchFailure> {
        await onOwnThread { runAndWait(request) }
    }

    private static func runAndWait(_ request: ChildRequest) -> Result<ChildReport, BenchFailure> {
        let process = Process()
        process.executableURL = executableURL
        process.arguments = request.arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return .failure(BenchFailure("could not start the child: \(error)"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let report = ChildReport.parse(text)
        if case .success = report, process.terminationStatus != 0 {
            return .failure(BenchFailure("the child exited with status \(process.terminationStatus)"))
        }
        if case .failure(let failure) = report, process.terminationReason == .uncaughtSignal {
            return .failure(
                BenchFailure("the child died of signal \(process.terminationStatus); \(failure.description)"))
        }
        return report
    }
}
