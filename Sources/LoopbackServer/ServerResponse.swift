import Foundation

/// The answer a handler gives to one request.
///
/// The server adds `Content-Length` (for `.data` and `.stream`) and `Connection` itself; any
/// `Content-Length`, `Transfer-Encoding` or `Connection` fields in `headers` are not sent, except that a
/// `Connection: close` field makes the server close the connection after answering.
public struct ServerResponse: Sendable {
    /// The status code, e.g. 200. Codes outside 100...999 are sent as 500.
    public var status: Int

    /// Header fields to send, in order.
    public var headers: [HeaderField]

    /// What follows the header block.
    public var body: Body

    /// How the response body (or the whole answer) is produced.
    public enum Body: Sendable {
        /// A body held in memory.
        case data(Data)

        /// A body of exactly `length` bytes, produced piece by piece and never held whole.
        ///
        /// `chunk(offset, maxCount)` returns the bytes starting at `offset`, at most `maxCount` of them (extra
        /// bytes are dropped). It may sleep. Returning no bytes before `length` is reached ends the connection.
        case stream(length: Int64, chunk: @Sendable (_ offset: Int64, _ maxCount: Int) -> Data)

        /// Bytes written verbatim in place of the status line, headers and body (for malformed-response tests);
        /// the connection is closed afterwards when `closeAfter` is true.
        case raw(Data, closeAfter: Bool)

        /// Closes the connection without answering.
        case dropConnection

        /// Bytes written verbatim in place of the whole answer, piece by piece: `piece(i)` gives the
        /// `i`-th piece (it may sleep), and `nil` ends the connection. For answers that drip out slowly.
        case rawStream(piece: @Sendable (_ index: Int) -> Data?)

        /// Bytes written verbatim (possibly none), then the connection is reset (a TCP RST, an abortive
        /// close) rather than closed in order: what a crashed server or a dropped route looks like.
        case reset(after: Data)

        /// Bytes written verbatim (possibly none), then nothing more: the connection stays open, silent,
        /// until the client closes it or the server stops (a hung server, for timeout tests). What the
        /// client sends meanwhile is read and discarded.
        case hold(after: Data)
    }

    /// Creates a response.
    public init(status: Int = 200, headers: [HeaderField] = [], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response serialized with `JSONSerialization` (sorted keys, unescaped slashes).
    ///
    /// `object` may be a dictionary, array, string, number, boolean or `NSNull`; anything that cannot be
    /// serialized yields a 500 plain-text response instead.
    public static func json(_ object: Any, status: Int = 200) -> ServerResponse {
        #if canImport(Darwin)
            // Darwin raises an Objective-C exception for invalid objects instead of throwing.
            guard JSONSerialization.isValidJSONObject([object]) else {
                return .text("response is not serializable as JSON", status: 500)
            }
        #endif
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object,
                options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
            )
        else {
            return .text("response is not serializable as JSON", status: 500)
        }
        return ServerResponse(
            status: status,
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: .data(data)
        )
    }

    /// A text response encoded as UTF-8.
    public static func text(
        _ string: String,
        status: Int = 200,
        contentType: String = "text/plain; charset=utf-8"
    ) -> ServerResponse {
        ServerResponse(
            status: status,
            headers: [HeaderField(name: "Content-Type", value: contentType)],
            body: .data(Data(string.utf8))
        )
    }
}
