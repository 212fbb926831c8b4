import Foundation

extension Provider {
    /// The server-sent events of `target` (`text/event-stream`), parsed as they arrive; nothing is sent
    /// until the iteration starts.
    ///
    /// ```swift
    /// for try await event in provider.events(.chat(prompt)) {
    ///     print(event.event ?? "message", event.data)
    /// }
    /// ```
    ///
    /// The request goes through the same steps as ``stream(_:)`` (plugins, interceptors, validation,
    /// stubs), with `Accept: text/event-stream` unless the target sets `Accept`. The sequence ends with
    /// the body; a dropped connection is not reconnected (see ``events(_:reconnect:)``). Its errors are
    /// those of ``stream(_:)``, thrown by the iteration.
    public func events(_ target: Target) -> ServerSentEventSequence<Target> {
        ServerSentEventSequence(provider: self, target: target, reconnection: .never)
    }

    /// The server-sent events of `target`, reconnecting as `reconnect` allows when the connection ends.
    ///
    /// After a connection ends (or fails after its head), the sequence waits the server's `retry` time
    /// (or the policy's ``ReconnectionPolicy/defaultDelay``) and sends the request again with
    /// `Last-Event-ID` set to the ID of the last event seen, up to ``ReconnectionPolicy/maximumAttempts``
    /// times in a row without an event in between. A `204 No Content` answer ends the sequence, as the
    /// standard says; a status rejected by validation, or a request that cannot be made, fails it.
    public func events(_ target: Target, reconnect: ReconnectionPolicy) -> ServerSentEventSequence<Target> {
        ServerSentEventSequence(provider: self, target: target, reconnection: reconnect)
    }
}

/// When an event stream whose connection ended is sent again: see ``Provider/events(_:reconnect:)``.
public struct ReconnectionPolicy: Sendable, Equatable {
    /// How many reconnections may follow one another without an event in between. Default: 3.
    public var maximumAttempts: Int
    /// The wait before reconnecting, in seconds, when the server sent no `retry` field. Default: 3.
    public var defaultDelay: TimeInterval

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: How many reconnections may follow one another without an event. Default: 3.
    ///   - defaultDelay: The wait before reconnecting when the server gave none, in seconds. Default: 3.
    public init(maximumAttempts: Int = 3, defaultDelay: TimeInterval = 3) {
        self.maximumAttempts = max(0, maximumAttempts)
        self.defaultDelay = max(0, defaultDelay)
    }

    /// No reconnection: the sequence ends with the first connection.
    public static var never: ReconnectionPolicy { ReconnectionPolicy(maximumAttempts: 0) }
}

/// The server-sent events of a target, as ``Provider/events(_:)`` returns them.
public struct ServerSentEventSequence<Target: TargetType>: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent
    /// What the iteration throws.
    public typealias Failure = CourierError

    let provider: Provider<Target>
    let target: Target
    let reconnection: ReconnectionPolicy

    /// Starts an iteration: the request is sent on the first call to `next`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self)
    }

    /// Steps through the events, connecting (and reconnecting) as needed.
    public struct Iterator: AsyncIteratorProtocol {
        /// An event.
        public typealias Element = ServerSentEvent
        /// What `next` throws.
        public typealias Failure = CourierError

        private let sequence: ServerSentEventSequence
        private var body: StreamedResponse.Iterator?
        private var parser = ServerSentEventParser()
        private var pending: [ServerSentEvent] = []
        private var index = 0
        private var hasConnected = false
        private var isFinished = false
        /// Reconnections since the last event.
        private var attempts = 0
        /// The head of the current (or last) connection's response, its body empty.
        private(set) var head: Response?

        init(sequence: ServerSentEventSequence) {
            self.sequence = sequence
        }

        /// The next event, or `nil` once the stream has ended.
        public mutating func next() async throws(CourierError) -> ServerSentEvent? {
            while true {
                if index < pending.count {
                    defer { index += 1 }
                    return pending[index]
                }
                pending = []
                index = 0
                guard !isFinished else { return nil }
                guard var current = body else {
                    try await connect()
                    continue
                }
                let chunk: Data?
                do {
                    chunk = try await current.next()
                } catch {
                    body = nil
                    guard !error.isCancelled, attempts < sequence.reconnection.maximumAttempts else {
                        isFinished = true
                        throw error
                    }
                    try await waitToReconnect()
                    continue
                }
                body = current
                if let chunk {
                    pending = parser.consume(chunk)
                    if !pending.isEmpty { attempts = 0 }
                    // A line or an event that never ends would grow without bound: a server's fault.
                    if parser.bufferedByteCount > ServerSentEventTooLarge.limit {
                        body = nil
                        isFinished = true
                        throw .underlying(ServerSentEventTooLarge(), nil)
                    }
                } else {
                    body = nil
                    _ = parser.finish()
                    guard attempts < sequence.reconnection.maximumAttempts else {
                        isFinished = true
                        return nil
                    }
                    try await waitToReconnect()
                }
            }
        }

        /// Sends the request, with `Last-Event-ID` after the first connection.
        private mutating func connect() async throws(CourierError) {
            var headers = ["Accept": "text/event-stream"]
            if hasConnected, !parser.lastEventID.isEmpty { headers["Last-Event-ID"] = parser.lastEventID }
            hasConnected = true
            let stream: StreamedResponse
            do {
                stream = try await sequence.provider.openStream(sequence.target, headers: headers)
            } catch {
                isFinished = true
                throw error
            }
            // 204 No Content: the server asks the client to stop reconnecting.
            if stream.statusCode == 204 {
                isFinished = true
                return
            }
            head = stream.head
            body = stream.makeAsyncIterator()
        }

        /// Waits the server's reconnection time (or the policy's) before the next connection.
        private mutating func waitToReconnect() async throws(CourierError) {
            attempts += 1
            let seconds = parser.reconnectionTime.map { Double($0) / 1000 } ?? sequence.reconnection.defaultDelay
            do {
                try await Task.sleep(for: .seconds(clamping: seconds))
            } catch {
                isFinished = true
                throw .cancelled
            }
        }
    }
}

/// An event stream held more than ``limit`` bytes of one line or one event that had not ended; the
/// stream was stopped there, as a hostile or broken server could otherwise fill memory.
struct ServerSentEventTooLarge: Error, LocalizedError, Sendable {
    /// The most bytes of one unfinished line or event an event stream holds: 16 MiB.
    static let limit = 16 << 20

    /// A sentence naming the limit.
    var errorDescription: String? {
        "An event of the stream grew past \(Self.limit >> 20) MiB without ending; the stream was stopped there."
    }
}
