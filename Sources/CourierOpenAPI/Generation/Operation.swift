/// An operation of the document, read into what the target enum needs.
struct Operation {
    /// A path, query, header or cookie parameter.
    struct Parameter {
        /// The name in the request.
        var name: String
        /// `path`, `query`, `header` or `cookie`; `part` for a header field of a multipart body's part.
        var location: String
        /// The associated value's label.
        var label: String
        /// Its type, before optionality.
        var type: SwiftType
        /// Whether the caller must give it.
        var isRequired: Bool
        /// `style` (defaults per location).
        var style: String
        /// `explode` (defaults per style).
        var explode: Bool
        /// `allowReserved`.
        var allowReserved: Bool
        /// The doc text.
        var doc: String?
        /// The schema, for samples.
        var schema: DocumentNode
        /// The document's example, if any.
        var example: DocumentNode?
        /// For a part's header field (`location` `part`): the key of the field whose parts carry it.
        var part: String?
        /// Whether it is written as JSON text (a Parameter Object's `content` of a JSON media type), not in
        /// a style.
        var isJSON = false
    }

    /// A field of a form or multipart body: a property of its object schema, written as the media
    /// type's `encoding` says.
    struct Field {
        /// The property's key.
        var key: String
        /// Its Swift name.
        var name: String
        /// Whether it is a file (bytes), or with `isList` a list of files.
        var isFile: Bool
        /// Whether it is written as text (a scalar, or a list of them).
        var isScalar: Bool
        /// Whether it is a multipart body's list of files or of structured values, each element a part of
        /// its own (OpenAPI: an array's elements are separate parts, of its items' media type).
        var isList = false
        /// A multipart part's media type (`encoding`'s `contentType`, one type without wildcards).
        var contentType: String?
        /// A form field's `style`.
        var style = "form"
        /// A form field's `explode`.
        var explode = true
        /// A form field's `allowReserved`.
        var allowReserved = false
        /// Whether a multipart part is written in its `style` (OpenAPI 3.1), as the fields a form would
        /// have, each a part of its own, rather than as its media type says.
        var isStyled = false
        /// A multipart part's header fields (its Encoding Object's `headers`, but `Content-Type`): each
        /// name, its Header Object and where that is.
        var headers: [(name: String, node: DocumentNode, pointer: String)] = []
    }

    /// The request body.
    struct Body {
        /// How it is written: `jsonLines` is a list written a value per line (JSON Lines) or per record
        /// (a JSON text sequence), as `contentType` says.
        enum Kind { case json, jsonLines, form, multipart, binary, text }
        /// How it is written.
        var kind: Kind
        /// The media type.
        var contentType: String
        /// The Swift type.
        var type: SwiftType
        /// Whether the caller must give it.
        var isRequired: Bool
        /// The associated value's label.
        var label: String
        /// For forms and multipart: the fields of the object schema.
        var fields: [Field]
        /// For forms and multipart whose schema is an object without properties (a dictionary): each
        /// entry is a field of its own, named by its key.
        var writesEntries = false
        /// The schema, for samples.
        var schema: DocumentNode
        /// The document's example, if any.
        var example: DocumentNode?
    }

    /// A documented response.
    struct Reply {
        /// How the body is read.
        enum Kind {
            case json(SwiftType)
            /// JSON Lines (`application/jsonl`, `application/x-ndjson`) or a JSON text sequence
            /// (`application/json-seq`): a value of the type per line or record, read as they arrive; the
            /// media type as the document writes it, for `Accept` and for how the values are separated.
            case jsonLines(SwiftType, mediaType: String)
            /// Server-sent events, and the type of their data where the document gives one that is not
            /// text.
            case events(SwiftType?)
            case text, binary, none
        }
        /// The status code, `nil` for `default`, or the first code of a range (`2XX` is 200…299).
        var status: Int?
        /// For `2XX`-style ranges, the whole range.
        var range: ClosedRange<Int>?
        /// How the body is read.
        var kind: Kind
        /// The example body (or schema) for `sampleData`.
        var schema: DocumentNode?
        /// The document's example, if any.
        var example: DocumentNode?
        /// Whether the answer may also come as server-sent events, a media type less preferred than the
        /// one it is read as (a chat completion's JSON, or its stream when the body asks for one).
        var offersEvents = false
        /// The type of those events' data, where the document gives one that is not text.
        var eventData: SwiftType? = nil
        /// The name of the event a sample stream holds, for events read whole.
        var sampleEvent: String? = nil
        /// Whether the events' type (`kind`'s or `eventData`) reads each event whole, its data
        /// differing by the event's name, rather than the data alone: those a sample names.
        var readsWholeEvents: Bool { sampleEvent != nil }
        /// The media type the body is read as, as the document writes it (`application/vnd.mesh.v2+json`
        /// where `application/json` has another schema): what a request accepts.
        var mediaType: String? = nil
    }

    /// `operationId` as written, or made from the method and path.
    var id: String
    /// The case name.
    var caseName: String
    /// The target enum it goes in.
    var tag: String
    /// The doc text.
    var doc: String?
    /// Whether the document marks it deprecated.
    var isDeprecated: Bool
    /// The HTTP method, lowercase.
    var method: String
    /// The path template.
    var path: String
    /// The base URL of its own `servers`, if it has any.
    var serverURL: String?
    /// The parameters, path-item ones merged in.
    var parameters: [Parameter]
    /// The body.
    var body: Body?
    /// The responses in document order.
    var replies: [Reply]
    /// The security requirements: alternatives, each a list of scheme names.
    var security: [[String]]
    /// What an `Accept` header parameter the operation declares allows. OpenAPI has such a parameter
    /// ignored, since the responses' media types say what to accept, but where they say nothing
    /// (Intercom's export download requires `application/octet-stream`), or name a type it does not list
    /// (Lichess's game export: `application/json` answers, `Accept` of PGN or `application/x-ndjson`), it
    /// is what the server reads.
    var declaredAccept: DeclaredAccept? = nil

    /// The values of an `Accept` header parameter.
    struct DeclaredAccept {
        /// The media types its `enum` (or `const`) lists; empty when it lists none.
        var allowed: [String]
        /// The one to send when the responses name none: the only one listed, else the `default`.
        var value: String?
    }
    /// The models first made for this operation (its inline bodies, responses and parameters), as
    /// indexes into the builder's list: they are written beside its target.
    var models: Range<Int> = 0..<0

    /// The success responses' status codes (2XX ranges in full); 200…299 when none is documented.
    var successCodes: [Int] {
        let codes = replies.flatMap { reply -> [Int] in
            if let range = reply.range, range.lowerBound < 300 { return Array(range) }
            if let status = reply.status, (200..<300).contains(status) { return [status] }
            return []
        }
        return codes.isEmpty ? Array(200..<300) : codes
    }

    /// Whether the operation documents a redirect and no success (a download that answers `302` to its
    /// file): a transport follows it to a 2xx, and one told not to follow returns the 3xx, which is then
    /// the answer.
    var answersWithRedirect: Bool {
        let statuses = replies.compactMap { $0.status ?? $0.range?.lowerBound }
        return statuses.contains { (300..<400).contains($0) } && !statuses.contains { (200..<300).contains($0) }
    }

    /// The response typed calls return: the first success one.
    var success: Reply? {
        replies.first { reply in
            if let status = reply.status { return (200..<300).contains(status) }
            return false
        } ?? replies.first { $0.status == nil }
    }
}
