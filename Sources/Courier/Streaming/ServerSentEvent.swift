/// One event of a server-sent event stream (`Content-Type: text/event-stream`), as the HTML
/// standard's event stream interpretation dispatches it.
///
/// A server writes an event as a block of `field: value` lines ended by a blank line:
///
/// ```text
/// event: update
/// id: 42
/// data: {"price": 12}
/// ```
///
/// Only blocks with at least one `data` field are dispatched; a block without one still updates the
/// last event ID and the reconnection time, but yields no event.
public struct ServerSentEvent: Sendable, Equatable {
    /// The last event ID when the event was dispatched, or `nil` when it is empty.
    ///
    /// As in the standard, the ID persists: an event without an `id` field carries the ID of the latest
    /// `id` field before it (in this block or an earlier one), and an `id` field with an empty value
    /// clears it. An `id` field whose value contains U+0000 NULL is ignored. It is the value to send as
    /// `Last-Event-ID` when reconnecting.
    public var id: String?
    /// The event type given by the block's `event` field, or `nil` when it had none (or an empty one).
    ///
    /// The standard names an event without a type `message`; `nil` stands for that default, so that an
    /// explicit `event: message` (which gives `"message"`) can still be told apart.
    public var event: String?
    /// The event's data: the values of the block's `data` fields, joined with a line feed (`"\n"`).
    ///
    /// A `data` field with an empty value counts: a block of two empty `data` fields gives `"\n"`.
    public var data: String
    /// The reconnection time in milliseconds that a `retry` field within this event's block set, or
    /// `nil` when the block had no valid `retry` field (one whose value is only ASCII digits).
    ///
    /// When a block has several, the last one wins. A `retry` field in a block that dispatches no event
    /// still changes the stream's reconnection time, but no event reports it.
    public var retry: Int?

    /// An event with the given fields.
    ///
    /// - Parameters:
    ///   - id: The last event ID at dispatch, `nil` when there is none.
    ///   - event: The event type, `nil` for the default type (`message`).
    ///   - data: The event's data, its lines joined with `"\n"`.
    ///   - retry: The reconnection time in milliseconds set within the event's block, if any.
    public init(id: String? = nil, event: String? = nil, data: String = "", retry: Int? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }
}
