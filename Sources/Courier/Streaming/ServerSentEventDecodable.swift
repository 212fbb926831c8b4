import Foundation

/// A value read from a whole server-sent event, its type included: for streams whose events carry data
/// of different kinds, told apart by the event's name (`event: done` holding a summary after events
/// that each hold a token).
///
/// ``ServerSentEventSequence/decoding(_:using:)-60muv`` reads a stream's events as such values, one at
/// a time; code generated from an OpenAPI 3.2 `itemSchema` that is a `oneOf` of events is an enumeration
/// of this kind, a case per event.
///
/// ```swift
/// enum ChatEvent: ServerSentEventDecodable {
///     case token(String)
///     case done(Summary)
///     case other(ServerSentEvent)
///
///     init(from event: ServerSentEvent, decoder: JSONDecoder) throws {
///         switch event.event {
///         case nil: self = .token(event.data)
///         case "done": self = .done(try decoder.decode(Summary.self, from: Data(event.data.utf8)))
///         default: self = .other(event)
///         }
///     }
/// }
/// ```
///
/// A type that is both `Decodable` and this is ambiguous to `decoding(_:)`: give it one of the two.
public protocol ServerSentEventDecodable: Sendable {
    /// Reads `event`, whose data is JSON where its type says so.
    ///
    /// - Parameters:
    ///   - event: The event as dispatched.
    ///   - decoder: The decoder for data that is JSON.
    /// - Throws: Whatever the decoder throws for data that does not decode.
    init(from event: ServerSentEvent, decoder: JSONDecoder) throws
}
