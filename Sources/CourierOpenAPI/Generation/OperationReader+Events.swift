/// Server-sent event streams (`text/event-stream`): what their events are read as.
extension OperationReader {
    /// How a stream's events are read: as their data (`type` its type, `nil` for text), or whole as a
    /// union by the events' names; with the schema and event name a sample stream is made from.
    struct EventReading {
        /// The type of the events' data, or of the events read whole; `nil` for events read as they are.
        var type: SwiftType?
        /// The schema of a sample event's data.
        var sample: DocumentNode?
        /// The name of the sample event, for events read whole.
        var sampleEvent: String?
        /// Whether `type` reads each event whole (a union by event name) rather than its data: events
        /// read whole are the ones a sample names.
        var readsWholeEvents: Bool { sampleEvent != nil }
    }

    /// How the events of the stream `media` describes are read: a union by name where an OpenAPI 3.2
    /// `itemSchema` (or an earlier document's `schema` of events) is a `oneOf` or `anyOf` of events each
    /// naming its type (`event: {const: done}`) and giving its data a schema of its own; else their data,
    /// typed where the document says what it is (see `eventData(of:pointer:)`).
    func eventReading(of media: DocumentNode, pointer: String, typePrefix: String) -> EventReading {
        if let union = eventUnion(of: media, pointer: pointer, typePrefix: typePrefix) { return union }
        let data = eventData(of: media, pointer: pointer)
        return EventReading(
            type: data.map { models.type(of: $0.schema, suggestedName: typePrefix + "Event", pointer: $0.pointer).0 },
            sample: data?.schema)
    }

    /// The fields of an event.
    private static let eventFields: Set<String> = ["event", "data", "id", "retry"]

    /// The union of the events `media` describes by name (see `eventReading`), `nil` where its schema
    /// is no `oneOf` or `anyOf` of named events.
    private func eventUnion(of media: DocumentNode, pointer: String, typePrefix: String) -> EventReading? {
        guard let (_, _, node, resolved, isItem) = describedEvents(of: media, pointer: pointer) else { return nil }
        let keyword = node["oneOf"] != nil ? "oneOf" : "anyOf"
        guard let choices = node[keyword]?.array, !choices.isEmpty else { return nil }
        // The data of a choice that does not describe its own: what the schema around the choices says.
        let sharedData = node["properties"]?["data"].map { ($0, resolved + "/properties/data") }
        var sample: (schema: DocumentNode?, event: String, isText: Bool)?
        let doc = node["description"]?.string ?? "An event of the stream, its data read as its type (`event`) says."
        let type = models.eventUnion(at: resolved, suggestedName: typePrefix + "Event", doc: doc) { caseNames in
            var named: Set<String> = []
            var built: [UnionModel.Choice] = []
            for (index, choice) in choices.enumerated() {
                guard let (choice, choicePointer) = dereferenced(choice, pointer: "\(resolved)/\(keyword)/\(index)"),
                    let properties = choice["properties"]?.object
                else { continue }
                // Before 3.2 the schema describes the data: its choices are events only if they look it.
                if !isItem, !Set(properties.keys).isSubset(of: Self.eventFields) { return [] }
                let names = eventNames(properties["event"], pointer: choicePointer + "/properties/event").filter {
                    !named.contains($0)
                }
                guard let first = names.first else { continue }
                named.formUnion(names)
                let data =
                    properties["data"].map { ($0, choicePointer + "/properties/data") } ?? sharedData
                let read = data.flatMap { eventDataSchema($0.0, pointer: $0.1) }
                let caseType =
                    read.map {
                        models.type(
                            of: $0.schema, suggestedName: typePrefix + SwiftNames.typeName(first), pointer: $0.pointer
                        ).0
                    } ?? .string
                built.append(
                    UnionModel.Choice(
                        name: caseNames.unique(SwiftNames.memberName(first)), type: caseType,
                        discriminatorValues: names, dataIsText: read == nil))
                // A sample of the first event whose data is JSON, else of the first.
                if sample == nil || (sample?.isText == true && read != nil) {
                    sample = (read?.schema, first, read == nil)
                }
            }
            return built
        }
        guard let type, let sample else { return nil }
        return EventReading(type: type, sample: sample.schema, sampleEvent: sample.event)
    }

    /// The names an event's `event` schema allows: its `const`, or its `enum`'s strings.
    private func eventNames(_ schema: DocumentNode?, pointer: String) -> [String] {
        guard let (node, _) = dereferenced(schema, pointer: pointer) else { return [] }
        if let name = node["const"]?.string { return [name] }
        return node["enum"]?.array?.compactMap(\.string) ?? []
    }

    /// The schema an event's `data` is read as JSON by, and its pointer: its `contentSchema` when it is
    /// a string of JSON, else itself when it describes values other than text; `nil` for text.
    private func eventDataSchema(_ schema: DocumentNode, pointer: String) -> (schema: DocumentNode, pointer: String)? {
        guard let (node, resolved) = dereferenced(schema, pointer: pointer) else { return nil }
        if let content = node["contentSchema"] { return (content, resolved + "/contentSchema") }
        return Self.describesValues(node) ? (schema, pointer) : nil
    }

    /// Whether a data schema describes values other than text: it names a type that is not a string, or
    /// it has none and describes an object, a list or choices.
    private static func describesValues(_ node: DocumentNode) -> Bool {
        let types = node.schemaTypes
        let describesValues = ["properties", "oneOf", "anyOf", "allOf", "items", "additionalProperties"].contains {
            node[$0] != nil
        }
        return !types.contains("string") && (!types.isEmpty || describesValues)
    }

    /// What a stream's media type says its events are: its OpenAPI 3.2 `itemSchema` (each event;
    /// `isItem`), else its `schema`, as written and where, and as its `$ref`s lead (the node and its
    /// pointer); `nil` when it has neither or a `$ref` leads nowhere.
    private func describedEvents(
        of media: DocumentNode, pointer: String
    ) -> (schema: DocumentNode, pointer: String, node: DocumentNode, resolved: String, isItem: Bool)? {
        let isItem = media["itemSchema"] != nil
        let describedPointer = pointer + (isItem ? "/itemSchema" : "/schema")
        guard let described = media["itemSchema"] ?? media["schema"],
            let (node, resolved) = dereferenced(described, pointer: describedPointer)
        else { return nil }
        return (described, describedPointer, node, resolved, isItem)
    }

    /// The schema of an event stream's data, and its pointer, when the document gives one that is not
    /// text: the `data` of the event an OpenAPI 3.2 `itemSchema` describes (its `contentSchema` when it
    /// is a string of JSON); or, before 3.2, the `schema`, which describes the data, unless it is an
    /// event itself (an object of `data` and the other fields of an event: Mistral's). `nil` where the
    /// data is text or has no schema.
    private func eventData(of media: DocumentNode, pointer: String) -> (schema: DocumentNode, pointer: String)? {
        guard let (described, describedPointer, node, resolved, isItem) = describedEvents(of: media, pointer: pointer)
        else { return nil }
        let properties = node["properties"]?.object
        let isEvent =
            isItem
            || (properties.map { $0["data"] != nil && Set($0.keys).isSubset(of: Self.eventFields) } ?? false)
        // The schema as written (a `$ref` names its model), and as resolved (what it says).
        var data = (schema: described, pointer: describedPointer, node: node)
        if isEvent {
            guard let schema = properties?["data"],
                let (dataNode, dataPointer) = dereferenced(schema, pointer: resolved + "/properties/data")
            else { return nil }
            if let content = dataNode["contentSchema"] {
                return (content, dataPointer + "/contentSchema")
            }
            data = (schema, resolved + "/properties/data", dataNode)
        }
        // Text (or nothing said about it): the events are read as they are.
        guard Self.describesValues(data.node) else { return nil }
        return (data.schema, data.pointer)
    }
}
