import Foundation

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
    static func run(_ request: ChildRequest) async -> Result<ChildReport, ChildFailure> {
        await onOwnThread { runBlocking(request) }
    }

    private static func runBlocking(_ request: ChildRequest) -> Result<ChildReport, ChildFailure> {
        let process = Process()
        process.executableURL = executableURL
        process.arguments = request.arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return .failure(ChildFailure(reason: "could not start the child: \(error)"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let report = ChildReport.parse(text)
        if case .success = report, process.terminationStatus != 0 {
            return .failure(ChildFailure(reason: "the child exited with status \(process.terminationStatus)"))
        }
        if case .failure(let failure) = report, process.terminationReason == .uncaughtSignal {
            return .failure(
                ChildFailure(reason: "the child died of signal \(process.terminationStatus); \(failure.reason)"))
        }
        return report
    }
}
