import Courier
import CourierExamples
import Foundation
import LoopbackServer

/// `courier-demo [--base-url URL]`: runs every example against the embedded loopback backend, or
/// against the server at URL.
@main
struct CourierDemo {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var backend: LoopbackServer?
        let server: URL
        if let index = arguments.firstIndex(of: "--base-url") {
            guard index + 1 < arguments.count, let url = URL(string: arguments[index + 1]), url.host != nil else {
                fail("--base-url needs an absolute URL, such as http://127.0.0.1:8080")
            }
            server = url
        } else {
            do {
                let started = try DemoBackend.start()
                backend = started
                server = started.baseURL
            } catch {
                fail("the loopback backend did not start: \(error)")
            }
        }
        print("Courier demo against \(server.absoluteString)\n")
        do {
            try await runDouBan(server: server)
        } catch {
            fail(error.localizedDescription)
        }
        backend?.stop()
        print("\nAll examples passed.")
    }

    static func runDouBan(server: URL) async throws {
        print("== DouBan: per-case base URLs, URL-encoded GET parameters")
        let client = DouBanClient(provider: Provider(endpointClosure: rebasing(onto: server)))
        let channels = try await client.channels()
        print("channels: " + channels.map { "\($0.id) \($0.name)" }.joined(separator: ", "))
        guard let channel = channels.first else { throw DemoFailure("the channel list is empty") }
        let song = try await client.firstSong(of: channel)
        print("now playing on \(channel.name): \(song ?? "nothing")")
    }

    static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("courier-demo failed: \(reason)\n".utf8))
        exit(1)
    }
}

/// An example whose answer was not what it expected.
struct DemoFailure: Error, LocalizedError {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var errorDescription: String? { reason }
}
