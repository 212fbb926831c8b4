/// Writes the typed calls of one target enum: a method on `Provider` for each operation that returns
/// the documented success body.
struct CallWriter {
    /// The namespace.
    let namespace: String
    /// The target enum's name.
    let name: String
    /// The operations.
    let operations: [Operation]

    /// Names `Provider` has already: a call of that name gets `Operation` added.
    static let providerMembers: Set<String> = [
        "request", "stream", "events", "endpoint", "decodedResponse", "successfulResponse", "requestWithProgress",
        "lines", "send", "adding", "replacing", "urlRequest", "init", "deinit", "cancel", "session",
    ]

    /// Writes the extension.
    func write(into code: inout CodeWriter) {
        code.block("extension Courier.Provider where Target == \(namespace).\(name) {") { code in
            var names = NameScope(reserved: Self.providerMembers)
            for (index, operation) in operations.enumerated() {
                if index > 0 { code.line() }
                let bare = SwiftNames.bare(operation.caseName)
                let method = names.unique(Self.providerMembers.contains(bare) ? bare + "Operation" : bare)
                write(operation, method: method, into: &code)
            }
        }
    }

    /// Writes one call; it reaches the provider's methods through `self.`, which a parameter of the same
    /// name (`events`) would hide.
    private func write(_ operation: Operation, method: String, into code: inout CodeWriter) {
        let arguments = TargetWriter.arguments(of: operation, namespace: namespace)
        let parameters = arguments.map { "\($0.label): \($0.type)\($0.isRequired ? "" : " = nil")" }
        let target =
            arguments.isEmpty
            ? ".\(operation.caseName)"
            : ".\(operation.caseName)(\(arguments.map { "\(SwiftNames.argumentLabel($0.label)): \($0.label)" }.joined(separator: ", ")))"
        var doc = operation.doc ?? "`\(operation.method.uppercased()) \(operation.path)`"
        if case .events(let data?) = operation.success?.kind {
            let typeCode = data.code(in: namespace)
            doc +=
                operation.success?.readsWholeEvents == true
                ? "\n\nEach event's data depends on its type: `.decoding(\(typeCode).self)` reads each event as a "
                    + "`\(typeCode)`, a case per type."
                : "\n\nEach event's data is a `\(typeCode)` in JSON: `.decoding(\(typeCode).self)` reads the events "
                    + "as such, dates as the document writes them."
        } else if let success = operation.success, success.offersEvents {
            // The answer's other form, which the request may ask for (a chat completion's `stream: true`).
            let call = "provider.events(.\(operation.caseName)\(arguments.isEmpty ? "" : "(…)"))"
            doc += "\n\nThe answer may also be server-sent events, as the request asks: "
            if let data = success.eventData {
                let typeCode = data.code(in: namespace)
                doc +=
                    success.readsWholeEvents
                    ? "`\(call).decoding(\(typeCode).self)` reads them, each event a `\(typeCode)` by its type."
                    : "`\(call).decoding(\(typeCode).self)` reads them, each event's data a `\(typeCode)`."
            } else {
                doc += "`\(call)` reads them."
            }
        }
        code.doc(doc)
        let signature = "public func \(method)(\(parameters.joined(separator: ", ")))"
        switch operation.success?.kind ?? .none {
        case .json(let type):
            let typeCode = type.code(in: namespace)
            code.block("\(signature) async throws(Courier.CourierError) -> \(typeCode) {") { code in
                code.line("try await self.decodedResponse(\(target), as: \(typeCode).self)")
            }
        case .text:
            code.block("\(signature) async throws(Courier.CourierError) -> Swift.String {") { code in
                code.line("try Courier.OpenAPIDecoding.text(from: try await self.successfulResponse(\(target)))")
            }
        case .binary:
            code.block("\(signature) async throws(Courier.CourierError) -> Foundation.Data {") { code in
                code.line("try await self.successfulResponse(\(target)).data")
            }
        case .none:
            code.block("\(signature) async throws(Courier.CourierError) {") { code in
                code.line("_ = try await self.successfulResponse(\(target))")
            }
        case .events:
            code.block("\(signature) -> Courier.ServerSentEventSequence<\(namespace).\(name)> {") { code in
                code.line("self.events(\(target))")
            }
        case .jsonLines(let type, let mediaType):
            let typeCode = type.code(in: namespace)
            let reading = OperationReader.isRecordSequence(mediaType) ? "records" : "lines"
            code.block("\(signature) async throws(Courier.CourierError) -> Courier.DecodedLines<\(typeCode)> {") {
                code in
                code.line(
                    "try await self.stream(\(target)).\(reading)(decoding: \(typeCode).self, using: Courier.OpenAPICoding.decoder())"
                )
            }
        }
    }
}
