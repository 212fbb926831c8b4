import Courier
import CourierExamples
import Foundation
import LoopbackServer

/// `courier-demo [--base-url URL]`: runs every example against the embedded loopback backend, or
/// against the server at URL, with the logger plugin in its default configuration.
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
        say("Courier demo against \(server.absoluteString)")
        say("(the logger plugin writes its lines to standard error)")
        let examples: [(String, @Sendable (URL) async throws -> Void)] = [
            ("DouBan: per-case base URLs, URL-encoded GET parameters", runDouBan),
            ("Orders: form POSTs with a common token and device headers", runOrders),
            ("Login: a client facade; the password and code stay out of the log", runLogin),
            ("Resources: {code, msg, data} envelopes, business errors, a loading indicator", runResources),
            ("Typed requests: each request names its model", runTypedRequests),
            ("Petstore: targets, models and calls generated from its OpenAPI document", runPetstore),
            ("Streaming: a chat reply token by token (server-sent events), a feed line by line", runStreaming),
            ("Cassettes: one call recorded to a HAR file, then replayed offline", runCassette),
        ]
        var failures: [String] = []
        for (title, run) in examples {
            say("\n== \(title)")
            do {
                try await run(server)
            } catch {
                say("FAILED: \(error.localizedDescription)")
                failures.append(title)
            }
        }
        backend?.stop()
        guard failures.isEmpty else {
            fail("\(failures.count) example(s) failed: " + failures.joined(separator: "; "))
        }
        say("\nAll \(examples.count) examples passed.")
    }

    static let logger = NetworkLoggerPlugin.default

    static func runDouBan(server: URL) async throws {
        let client = DouBanClient(
            provider: Provider(endpointClosure: rebasing(onto: server), plugins: [logger]))
        let channels = try await client.channels()
        say("channels: " + channels.map { "\($0.id) \($0.name)" }.joined(separator: ", "))
        guard let channel = channels.first else { throw DemoFailure("the channel list is empty") }
        say("now playing on \(channel.name): \(try await client.firstSong(of: channel) ?? "nothing")")
    }

    static func runOrders(server: URL) async throws {
        // Bodies and headers logged here, to show the common token (its value hidden) and device headers.
        let formLogger = NetworkLoggerPlugin(configuration: .init(logOptions: [.requestHeaders, .requestBody]))
        let client = OrderClient(
            token: DemoBackend.orderToken, deviceID: "courier-demo-device", server: server, plugins: [formLogger])
        say("every call carries token=… in its form and devtype/devid headers; the backend refuses it otherwise")
        let page = try await client.list(pageNO: 1, pageSize: 3)
        say("page \(page.pageNO): " + page.orders.map { "\($0.sn) \($0.title)" }.joined(separator: ", "))
        let order = try await client.findOne(sn: page.orders.last?.sn ?? "")
        say("found \(order.sn): \(order.title), \(order.amount) cents")
    }

    static func runLogin(server: URL) async throws {
        let lines = CollectedLines()
        let capturingLogger = NetworkLoggerPlugin(
            configuration: .init(
                output: { target, items in
                    lines.append(items)
                    NetworkLoggerPlugin.Configuration.defaultOutput(target: target, items: items)
                }, logOptions: .verbose))
        let client = LoginClient(
            provider: Provider(endpointClosure: rebasing(onto: server), plugins: [capturingLogger]))
        let code = try await withCheckedThrowingContinuation { continuation in
            client.smscode(username: "ann") { continuation.resume(with: $0) }
        }
        say("the code field is filled with the SMS code")
        let session = try await client.login(username: "ann", password: DemoBackend.password, smscode: code)
        say("logged in as \(session.username)")
        let log = lines.all.joined(separator: "\n")
        let leaked = [DemoBackend.password, code, session.token].filter { log.contains($0) }
        guard leaked.isEmpty else { throw DemoFailure("a secret reached the log") }
        say("checked: \(lines.all.count) log lines, none shows the password, the code or the token")
    }

    static func runResources(server: URL) async throws {
        let indicator = LoadingIndicator { visible in say("loading indicator \(visible ? "on" : "off")") }
        let service = ResourceService(server: server, plugins: [logger, indicator.plugin])
        async let first = service.noticeDetail(id: 1)
        async let second = service.noticeDetail(id: 2)
        let notices = try await [first, second]
        say("notices: " + notices.map(\.title).joined(separator: ", "))
        let adverts = try await service.advertPage("home")
        say("adverts (loaded quietly): \(adverts.count)")
        do {
            _ = try await service.noticeDetail(id: 404)
            throw DemoFailure("a withdrawn notice was answered")
        } catch let error as CourierError where error.businessError != nil {
            say("shown to the user: \(error.localizedDescription)")
        }
    }

    static func runTypedRequests(server: URL) async throws {
        let client = APIClient(baseURL: server, plugins: [logger])
        let person = try await client.send(PersonRequest(name: "xiejiapei"))
        say("\(person.name), \(person.age): \"\(person.petPhrase)\"")
        let user = try await client.send(UserRequest())
        say("\(user.name) likes \(user.hobbies.joined(separator: " and "))")
        let goods = try await client.send(GoodsDetailRequest(goodsId: "1001"))
        say("\(goods.name): \(goods.price) cents")
    }

    static func runPetstore(server: URL) async throws {
        let client = PetstoreClient(provider: Provider(endpointClosure: rebasing(onto: server), plugins: [logger]))
        let pets = try await client.pets(limit: 2)
        say("pets: " + pets.map { "\($0.name) (\($0.tag ?? "no tag"))" }.joined(separator: ", "))
        try await client.add(Petstore.Pet(id: 4, name: "Kitty", tag: "cat"))
        say("added Kitty")
        do {
            _ = try await client.pet(id: "9")
        } catch {
            say("pet 9: \(client.errorMessage(of: error) ?? error.localizedDescription)")
        }
    }

    static func runStreaming(server: URL) async throws {
        let client = ChatClient(provider: Provider(endpointClosure: rebasing(onto: server), plugins: [logger]))
        sayPart("reply: ")
        let reply = try await client.reply(to: "What is Courier?") { token in sayPart(token) }
        say("")
        guard !reply.isEmpty else { throw DemoFailure("the reply was empty") }
        let items = try await client.feed(count: 5)
        say("feed: " + items.map(\.name).joined(separator: ", "))
    }

    static func runCassette(server: URL) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cassette = folder.appendingPathComponent("pets.har")
        // Record: the call goes to the server, and the exchange into the cassette.
        let recording = PetstoreClient(
            provider: Provider(
                endpointClosure: rebasing(onto: server),
                transport: RecordingTransport(recording: DefaultTransport.shared, to: cassette), plugins: [logger]))
        let recorded = try await recording.pets(limit: 2)
        let size = (try? Data(contentsOf: cassette).count) ?? 0
        say(
            "recorded \(recorded.map(\.name).joined(separator: ", ")) into \(cassette.lastPathComponent) (HAR 1.2, \(size) bytes)"
        )
        // Replay offline: the same call, pointed at an address where nothing listens, is answered from the
        // cassette alone (matched on its path, as the host differs now).
        guard let nowhere = URL(string: "http://127.0.0.1:9") else { throw DemoFailure("no offline address") }
        let replay = PetstoreClient(
            provider: Provider(
                endpointClosure: rebasing(onto: nowhere),
                transport: try ReplayTransport(contentsOf: cassette, matching: [.method, .path]), plugins: [logger]))
        let replayed = try await replay.pets(limit: 2)
        guard replayed.map(\.name) == recorded.map(\.name) else { throw DemoFailure("the replay answered otherwise") }
        say("replayed offline: \(replayed.map(\.name).joined(separator: ", "))")
        // A call the cassette does not hold fails at once, naming the recorded call closest to it.
        do {
            _ = try await replay.pets(limit: 3)
            throw DemoFailure("a call that was never recorded was answered")
        } catch let error as CourierError where error.underlyingError is CassetteError {
            say("not recorded: \(error.localizedDescription)")
        }
    }

    static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("courier-demo failed: \(reason)\n".utf8))
        exit(1)
    }
}

/// Log lines collected from any thread.
final class CollectedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ items: [String]) {
        lock.withLock { lines.append(contentsOf: items) }
    }

    var all: [String] { lock.withLock { lines } }
}

/// An example whose answer was not what it expected.
struct DemoFailure: Error, LocalizedError {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var errorDescription: String? { reason }
}

/// Writes `text` and a line break to standard output at once (not through a buffer), so that piped
/// output keeps the order of these lines and the logger's, which go to standard error.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Writes `text` to standard output at once, without ending the line: the tokens of a streamed reply
/// appear as they arrive.
func sayPart(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}
