import Foundation
import LoopbackServer

/// The backend of the examples: answers their paths like the real services do, on the loopback server.
public enum DemoBackend {
    /// Starts the backend on a free port of 127.0.0.1.
    public static func start() throws -> LoopbackServer {
        try LoopbackServer(handler: handle)
    }

    /// Answers one request of any example; other paths get the standard test routes.
    public static func handle(_ request: ServerRequest) -> ServerResponse {
        switch (request.method, request.path) {
        case ("GET", "/j/app/radio/channels"):
            return .json([
                "channels": [
                    ["channel_id": 1, "name": "华语", "name_en": "Chinese"],
                    ["channel_id": 2, "name": "欧美", "name_en": "Western"],
                    ["channel_id": 6, "name": "粤语", "name_en": "Cantonese"],
                ]
            ])
        case ("GET", "/j/mine/playlist"):
            let channel = request.queryItems["channel"] ?? ""
            guard request.queryItems["type"] == "n", request.queryItems["from"] == "mainsite",
                let songs = playlists[channel]
            else {
                return .json(["r": 1, "err": "unknown channel or parameters"], status: 400)
            }
            return .json(["r": 0, "song": songs.map { ["artist": $0.0, "title": $0.1] }])
        default:
            return StandardRoutes.handle(request)
        }
    }

    private static let playlists: [String: [(String, String)]] = [
        "1": [("王菲", "红豆"), ("陈奕迅", "十年")],
        "2": [("Adele", "Hello")],
        "6": [("张国荣", "当年情")],
    ]
}
