/// What the server learned about a request body it read in streaming mode without keeping it.
///
/// Requests to a streaming path (see `LoopbackServer.init(port:streamingPaths:handler:)`) carry this
/// summary in `ServerRequest.streamedBody` and an empty `ServerRequest.body`.
public struct StreamedBodySummary: Sendable, Hashable {
    /// The number of body bytes received (after chunked decoding).
    public let byteCount: Int64

    /// The FNV-1a 64-bit checksum of those bytes as 16 lowercase hex digits (see `Checksum`).
    public let checksum: String

    /// Creates a summary.
    public init(byteCount: Int64, checksum: String) {
        self.byteCount = byteCount
        self.checksum = checksum
    }
}
