import Courier
import Foundation

/// A chat service that streams: its replies arrive token by token as server-sent events, and its
/// activity feed as lines of JSON (NDJSON).
public enum ChatAPI: TargetType {
    /// The reply to `prompt`, one `data:` event per token, then an event named `done`.
    case reply(prompt: String)
    /// The latest `count` feed items, one JSON object per line.
    case feed(count: Int)

    /// `http://127.0.0.1:8080`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/") }

    /// `/stream/chat` or `/stream/ndjson`.
    public var path: String {
        switch self {
        case .reply: "/stream/chat"
        case .feed: "/stream/ndjson"
        }
    }

    /// Both are `GET`s.
    public var method: Method { .get }

    /// The prompt or the count, in the query.
    public var task: HTTPTask {
        switch self {
        case .reply(let prompt):
            .requestParameters(parameters: ["prompt": prompt], encoding: URLEncoding.queryString)
        case .feed(let count):
            .requestParameters(parameters: ["count": count], encoding: URLEncoding.queryString)
        }
    }

    /// None.
    public var headers: [String: String]? { nil }

    /// A short reply and a two-item feed, for stubs and previews.
    public var sampleData: Data {
        switch self {
        case .reply: Data("id: 1\ndata: Hello\n\nid: 2\ndata:  there\n\nevent: done\ndata: \n\n".utf8)
        case .feed: Data("{\"index\":0,\"name\":\"item 0\"}\n{\"index\":1,\"name\":\"item 1\"}\n".utf8)
        }
    }
}

/// One item of the activity feed.
public struct FeedItem: Decodable, Sendable, Equatable {
    /// Its place in the feed, from 0.
    public let index: Int
    /// Its title.
    public let name: String
}

/// What the UI calls: the reply's tokens as they arrive, and the feed's items.
public struct ChatClient: Sendable {
    private let provider: Provider<ChatAPI>

    /// A client over `provider`.
    public init(provider: Provider<ChatAPI>) {
        self.provider = provider
    }

    /// Calls `onToken` with each token of the reply to `prompt` as it arrives, and returns the whole
    /// reply once the server says `done`.
    public func reply(to prompt: String, onToken: (String) -> Void) async throws(CourierError) -> String {
        var reply = ""
        for try await event in provider.events(.reply(prompt: prompt)) {
            if event.event == "done" { break }
            onToken(event.data)
            reply += event.data
        }
        return reply
    }

    /// The first `count` items of the feed, decoded line by line as they arrive.
    public func feed(count: Int) async throws(CourierError) -> [FeedItem] {
        var items: [FeedItem] = []
        for try await item in try await provider.stream(.feed(count: count)).lines(decoding: FeedItem.self) {
            items.append(item)
        }
        return items
    }
}
