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
        DecodedEvents(events: self, decoder: decoder)
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
        DecodedEvents(events: self, decoder: OpenAPICoding.decoder())
    }
}

/// The data of server-sent events, decoded: see ``ServerSentEventSequence/decoding(_:using:)``.
public struct DecodedEvents<Target: TargetType, Value: Decodable>: AsyncSequence, Sendable {
    /// An event's decoded data.
    public typealias Element = Value
    /// What the iteration throws.
    public typealias Failure = CourierError

    let events: ServerSentEventSequence<Target>
    let decoder: JSONDecoder

    /// Starts an iteration: the request is sent on the first call to `next`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator(), decoder: decoder)
    }

    /// Steps through the events, decoding each one's data.
    public struct Iterator: AsyncIteratorProtocol {
        /// An event's decoded data.
        public typealias Element = Value
        /// What `next` throws.
        public typealias Failure = CourierError

        var base: ServerSentEventSequence<Target>.Iterator
        let decoder: JSONDecoder
        private var isFinished = false

        init(base: ServerSentEventSequence<Target>.Iterator, decoder: JSONDecoder) {
            self.base = base
            self.decoder = decoder
        }

        /// The next event's data, or `nil` once the stream has ended or sent `[DONE]`.
        public mutating func next() async throws(CourierError) -> Value? {
            guard !isFinished, let event = try await base.next() else { return nil }
            if event.isDoneMark {
                isFinished = true
                return nil
            }
            let data = Data(event.data.utf8)
            do {
                return try decoder.decode(Value.self, from: data)
            } catch {
                isFinished = true
                let head = base.head
                throw .objectMapping(
                    error,
                    Response(
                        statusCode: head?.statusCode ?? 200, data: data, request: head?.request,
                        response: head?.response))
            }
        }
    }
}

extension ServerSentEvent {
    /// Whether the event's data is `[DONE]`: the end mark of OpenAI's streams, and of those made like
    /// them, which ends a sequence of decoded events.
    var isDoneMark: Bool { data == "[DONE]" }
}
