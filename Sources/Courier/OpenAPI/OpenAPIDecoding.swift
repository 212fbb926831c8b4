import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reading documented bodies, for generated `decode(_:)` functions and typed calls.
public enum OpenAPIDecoding {
    /// The JSON body as `type`; a body that does not decode is `.objectMapping`.
    public static func json<Body: Decodable>(_ type: Body.Type, from response: Response) throws(CourierError) -> Body {
        do {
            return try OpenAPICoding.decoder().decode(Body.self, from: response.data)
        } catch {
            throw .objectMapping(error, response)
        }
    }

    /// The body as JSON Lines (`application/jsonl`, `application/x-ndjson`): a `Line` per line, lines
    /// that are empty or only white space skipped; a line that does not decode is `.objectMapping`. A
    /// generated call reads such an answer as it arrives (``StreamedResponse/lines(decoding:using:)``);
    /// this reads one that has arrived whole.
    public static func jsonLines<Line: Decodable>(
        _ type: Line.Type, from response: Response
    ) throws(CourierError) -> [Line] {
        try values(type, from: response, separator: LineSplitter.lineFeed)
    }

    /// The body as a JSON text sequence (RFC 7464, `application/json-seq`): a `Record` per JSON text
    /// (each after an RS), records that are empty or only white space skipped; a record that does not
    /// decode is `.objectMapping`. A generated call reads such an answer as it arrives
    /// (``StreamedResponse/records(decoding:using:)``); this reads one that has arrived whole.
    public static func jsonSequence<Record: Decodable>(
        _ type: Record.Type, from response: Response
    ) throws(CourierError) -> [Record] {
        try values(type, from: response, separator: LineSplitter.recordSeparator)
    }

    /// The body as server-sent events (`text/event-stream`) whose data is JSON: each event's data as a
    /// `Value`, up to an event whose data is `[DONE]`; data that does not decode is `.objectMapping`. A
    /// generated call reads such an answer as it arrives
    /// (``ServerSentEventSequence/decoding(_:using:)-3u9pr``); this reads one that has arrived whole.
    public static func events<Value: Decodable>(
        _ type: Value.Type, from response: Response
    ) throws(CourierError) -> [Value] {
        try events(from: response, reader: DataReader<Value>())
    }

    /// The body as server-sent events whose data differs by event type: each event read whole as a
    /// `Value`, up to an event whose data is `[DONE]`; an event `Value` cannot read is `.objectMapping`.
    /// A generated call reads such an answer as it arrives
    /// (``ServerSentEventSequence/decoding(_:using:)-60muv``); this reads one that has arrived whole.
    public static func events<Value: ServerSentEventDecodable>(
        _ type: Value.Type, from response: Response
    ) throws(CourierError) -> [Value] {
        try events(from: response, reader: WholeEventReader<Value>())
    }

    /// The events of the body, each read by `reader`, up to an event whose data is `[DONE]`.
    private static func events<Reader: EventReader>(
        from response: Response, reader: Reader
    ) throws(CourierError) -> [Reader.Value] {
        var parser = ServerSentEventParser()
        let events = parser.consume(response.data) + parser.finish()
        let decoder = OpenAPICoding.decoder()
        var values: [Reader.Value] = []
        for event in events {
            if event.isDoneMark { break }
            do {
                values.append(try reader.read(event, decoder: decoder))
            } catch {
                throw .objectMapping(error, response)
            }
        }
        return values
    }

    /// The JSON values of the body, each ended by `separator` (or the body's end).
    private static func values<Value: Decodable>(
        _ type: Value.Type, from response: Response, separator: UInt8
    ) throws(CourierError) -> [Value] {
        let decoder = OpenAPICoding.decoder()
        var values: [Value] = []
        for piece in response.data.split(separator: separator) {
            if piece.isJSONWhiteSpace { continue }
            do {
                values.append(try decoder.decode(Value.self, from: Data(piece)))
            } catch {
                throw .objectMapping(error, response)
            }
        }
        return values
    }

    /// The body as UTF-8 text; bytes that are not UTF-8 are `.stringMapping`.
    public static func text(from response: Response) throws(CourierError) -> String {
        guard let text = String(data: response.data, encoding: .utf8) else { throw .stringMapping(response) }
        return text
    }

    /// The response when its status is one the document gives no body for, or none at all: an undocumented
    /// status is `.statusCode`.
    public static func undocumented(_ response: Response) -> CourierError { .statusCode(response) }
}

/// Sample arguments of generated targets, written as JSON in the generated code.
public enum OpenAPISample {
    /// `json` decoded as `type`, or `nil` when it does not decode.
    public static func value<Value: Decodable>(_ type: Value.Type, _ json: String) -> Value? {
        try? OpenAPICoding.decoder().decode(Value.self, from: Data(json.utf8))
    }
}

extension Provider {
    /// Sends `target` and decodes its JSON body as `type`: the typed calls generated by `courier-openapi`.
    ///
    /// A status outside 200–299 is `.statusCode(response)` (decode the error body the document gives with
    /// the target's `decode(_:)` or `Response.map(_:)`); a body that does not decode is `.objectMapping`.
    public func decodedResponse<Body: Decodable>(_ target: Target, as type: Body.Type) async throws(CourierError)
        -> Body
    {
        try OpenAPIDecoding.json(type, from: try await successfulResponse(target))
    }

    /// Sends `target` and returns its response when the status is in 200–299, else `.statusCode(response)`.
    public func successfulResponse(_ target: Target) async throws(CourierError) -> Response {
        let response = try await request(target)
        guard (200..<300).contains(response.statusCode) else { throw .statusCode(response) }
        return response
    }
}
