import Courier

/// What the DouBan screens call: the channels, and the first song of a channel as "artist / title".
public struct DouBanClient: Sendable {
    private let provider: Provider<DouBan>

    /// Creates a client that sends through `provider`.
    public init(provider: Provider<DouBan>) {
        self.provider = provider
    }

    /// The radio channels.
    public func channels() async throws(CourierError) -> [Channel] {
        try await provider.request(.channels, as: [Channel].self, atKeyPath: "channels")
    }

    /// The first song of the channel's playlist as "artist / title", or `nil` when the playlist is empty.
    public func firstSong(of channel: Channel) async throws(CourierError) -> String? {
        let songs = try await provider.request(.playlist(channel.id), as: [Song].self, atKeyPath: "song")
        return songs.first.map { "\($0.artist) / \($0.title)" }
    }
}
