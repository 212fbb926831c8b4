import Courier
import Foundation

/// DouBan FM: the channel list and a channel's playlist, each on its own host.
///
/// Shows per-case base URLs and URL-encoded GET parameters.
public enum DouBan: TargetType {
    /// The list of radio channels.
    case channels
    /// The playlist of the channel with this id.
    case playlist(String)

    /// `https://www.douban.com` for the channels, `https://douban.fm` for playlists.
    public var baseURL: URL {
        switch self {
        case .channels: URL(string: "https://www.douban.com") ?? URL(fileURLWithPath: "/")
        case .playlist: URL(string: "https://douban.fm") ?? URL(fileURLWithPath: "/")
        }
    }

    /// The path of each command.
    public var path: String {
        switch self {
        case .channels: "/j/app/radio/channels"
        case .playlist: "/j/mine/playlist"
        }
    }

    /// Every command is a `GET`.
    public var method: Method { .get }

    /// The playlist sends `channel`, `type=n` and `from=mainsite` in the query.
    public var task: HTTPTask {
        switch self {
        case .channels:
            .requestPlain
        case .playlist(let channel):
            .requestParameters(
                parameters: ["channel": channel, "type": "n", "from": "mainsite"], encoding: URLEncoding.queryString)
        }
    }

    /// No headers.
    public var headers: [String: String]? { nil }
}

/// One DouBan radio channel.
public struct Channel: Decodable, Sendable, Equatable {
    /// The channel id, sent as `channel` to ask for its playlist.
    public let id: String
    /// The channel's display name.
    public let name: String

    enum CodingKeys: String, CodingKey {
        case id = "channel_id"
        case name
    }

    /// Creates a channel.
    public init(id: String, name: String = "") {
        self.id = id
        self.name = name
    }

    /// Reads `channel_id` as a string whether the server sends it as a string or a number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .id) {
            id = String(number)
        } else {
            id = try container.decode(String.self, forKey: .id)
        }
        name = try container.decode(String.self, forKey: .name)
    }
}

/// One song of a DouBan playlist.
public struct Song: Decodable, Sendable, Equatable {
    /// The artist.
    public let artist: String
    /// The song title.
    public let title: String
}
