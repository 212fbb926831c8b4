/// A document as the loader hands it on: one tree in the shape of OpenAPI 3 (a Swagger 2.0 document is
/// converted), whose `$ref`s are all local (`#/components/...`): what other files held is bundled in.
struct LoadedDocument: Sendable {
    /// The document's root, OpenAPI 3 shaped.
    var root: DocumentNode
    /// The version as written in the document: `2.0`, `3.0.3`, `3.1.0`.
    var sourceVersion: String
    /// Whether the document is OpenAPI 3.1 or 3.2 (JSON Schema 2020-12 schemas, `type` lists, `webhooks`).
    var isVersion31: Bool
    /// The path of the root file, as given.
    var rootFile: String
    /// What the loader left out or read narrower than written: unresolvable `$ref`s, Swagger 2.0 that has
    /// no OpenAPI 3 equivalent.
    var warnings: [GenerationWarning]
}
