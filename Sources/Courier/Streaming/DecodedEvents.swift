import Foundation

extension ServerSentEventSequence {
    /// The events' data, each decoded from JSON as a `Value` as the events arrive: the chunks of a
    /// streamed chat completion, say. An event whose data is `[DONE]` (the end mark of OpenAI's API and
    /// of those made like it) ends the sequence.
    ///
    /// ```swift
    /// for try await chunk in provider.events(.chat(prompt)).decoding(ChatChunk.self) {
    ///     print(chunk.delta, terminator: "")
    /// }
    /// ```
    ///
    /// The events' names and IDs are not kept (reconnection still sends the last ID): iterate the events
    /// themselves where the name tells how to read the data.
    ///
    /// - Parameters:
    ///   - type: The type of each event's data.
    ///   - decoder: The decoder. Default: a new `JSONDecoder`.
    /// - Returns: A sequence whose iteration fails with ``CourierError/objectMapping(_:_:)`` (the event's
    ///   data as the response's ``Response/data``) at an event whose data does not decode, and otherwise
    ///   as the events' does.
    public func decoding<Value: Decodable>(
        _ type: Value.Type, using decoder: JSONDecoder = JSONDecoder()
    ) -> DecodedEvents<Target, Value> {
        DecodedEvents(events: self, decoder: decoder, reader: DataReader<Value>())
    }

    /// The events, each read whole (its type, data and ID) as a `Value` as they arrive: for streams
    /// whose events hold different data by type. An event whose data is `[DONE]` ends the sequence.
    ///
    /// ```swift
    /// for try await event in provider.events(.chat(prompt)).decoding(ChatEvent.self) {
    ///     if case .token(let token) = event { print(token, terminator: "") }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type each event is read as.
    ///   - decoder: The decoder for data that is JSON. Default: a new `JSONDecoder`.
    /// - Returns: A sequence whose iteration fails with ``CourierError/objectMapping(_:_:)`` (the event's
    ///   data as the response's ``Response/data``) at an event that `Value` cannot read, and otherwise as
    ///   the events' does.
    public func decoding<Value: ServerSentEventDecodable>(
        _ type: Value.Type, using decoder: JSONDecoder = JSONDecoder()
    ) -> DecodedEvents<Target, Value> {
        DecodedEvents(events: self, decoder: decoder, reader: WholeEventReader<Value>())
    }
}

extension ServerSentEventSequence where Target: OpenAPITarget {
    /// The events' data, each decoded from JSON as a `Value` with the coders of generated code
    /// (``OpenAPICoding/decoder()``: dates as RFC 3339): a generated event stream's typed reading. An
    /// event whose data is `[DONE]` ends the sequence.
    ///
    /// ```swift
    /// for try await chunk in provider.streamChat(prompt: "Hello").decoding(Chat.Chunk.self) {
    ///     print(chunk.delta, terminator: "")
    /// }
    /// ```
    ///
    /// - Parameter type: The type of each event's data: the one the operation's documentation names.
    /// - Returns: A sequence whose iteration fails with ``CourierError/objectMapping(_:_:)`` at an event
    ///   whose data does not decode.
    public func decoding<Value: Decodable>(_ type: Value.Type) -> DecodedEvents<Target, Value> {
        decoding(type, using: OpenAPICoding.decoder())
    }

    /// The events, each read whole as a `Value` with the coders of generated code
    /// (``OpenAPICoding/decoder()``): the typed reading of a generated stream whose events hold
    /// different data by type. An event whose data is `[DONE]` ends the sequence.
    ///
    /// - Parameter type: The type each event is read as: the one the operation's documentation names.
    /// - Returns: A sequence whose iteration fails with ``CourierError/objectMapping(_:_:)`` at an event
    ///   that `Value` cannot read.
    public func decoding<Value: ServerSentEventDecodable>(_ type: Value.Type) -> DecodedEvents<Target, Value> {
        decoding(type, using: OpenAPICoding.decoder())
    }
}

/// Server-sent events, or their data, decoded: see ``ServerSentEventSequence/decoding(_:using:)-3u9pr``
/// and ``ServerSentEventSequence/decoding(_:using:)-60muv``.
public struct DecodedEvents<Target: TargetType, Value>: AsyncSequence, Sendable {
    /// An event, or its data, decoded.
    public typealias Element = Value
    /// What the iteration throws.
    public typealias Failure = CourierError

    let events: ServerSentEventSequence<Target>
    let decoder: JSONDecoder
    let reader: any EventReader<Value>

    /// Starts an iteration: the request is sent on the first call to `next`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator(), decoder: decoder, reader: reader)
    }

    /// Steps through the events, decoding each one (or its data).
    public struct Iterator: AsyncIteratorProtocol {
        /// An event, or its data, decoded.
        public typealias Element = Value
        /// What `next` throws.
        public typealias Failure = CourierError

        var base: ServerSentEventSequence<Target>.Iterator
        let decoder: JSONDecoder
        let reader: any EventReader<Value>
        private var isFinished = false

        init(base: ServerSentEventSequence<Target>.Iterator, decoder: JSONDecoder, reader: any EventReader<Value>) {
            self.base = base
            self.decoder = decoder
            self.reader = reader
        }

        /// The next event decoded, or `nil` once the stream has ended or sent `[DONE]`.
        public mutating func next() async throws(CourierError) -> Value? {
            guard !isFinished, let event = try await base.next() else { return nil }
            if event.isDoneMark {
                isFinished = true
                return nil
            }
            do {
                return try reader.read(event, decoder: decoder)
            } catch {
                isFinished = true
                let head = base.head
                throw .objectMapping(
                    error,
                    Response(
                        statusCode: head?.statusCode ?? 200, data: Data(event.data.utf8), request: head?.request,
                        response: head?.response))
            }
        }
    }
}

/// How a sequence of decoded events reads each event.
protocol EventReader<Value>: Sendable {
    /// What an event becomes.
    associatedtype Value
    /// Reads `event`.
    func read(_ event: ServerSentEvent, decoder: JSONDecoder) throws -> Value
}

/// Reads an event's data as JSON.
struct DataReader<Value: Decodable>: EventReader {
    func read(_ event: ServerSentEvent, decoder: JSONDecoder) throws -> Value {
        try decoder.decode(Value.self, from: Data(event.data.utf8))
    }
}

/// Reads an event whole, its type telling how to read its data.
struct WholeEventReader<Value: ServerSentEventDecodable>: EventReader {
    func read(_ event: ServerSentEvent, decoder: JSONDecoder) throws -> Value {
        try Value(from: event, decoder: decoder)
    }
}

extension ServerSentEvent {
    /// Whether the event's data is `[DONE]`: the end mark of OpenAI's streams, and of those made like
    /// them, which ends a sequence of decoded events.
    var isDoneMark: Bool { data == "[DONE]" }
}
