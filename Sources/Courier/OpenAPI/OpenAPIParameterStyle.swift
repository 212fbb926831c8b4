/// How OpenAPI writes a parameter (`style` in the document), with `explode` beside it.
public enum OpenAPIParameterStyle: String, Sendable {
    /// `{id}` → `5`, `3,4,5`; path and header default.
    case simple
    /// `{.id}` → `.5`, `.3.4.5` (exploded) or `.3,4,5`.
    case label
    /// `{;id}` → `;id=5`, `;id=3;id=4` (exploded) or `;id=3,4`.
    case matrix
    /// `id=5`, `id=3&id=4` (exploded) or `id=3,4`; query and cookie default.
    case form
    /// `id=3%204%205`.
    case spaceDelimited
    /// `id=3|4|5`.
    case pipeDelimited
    /// `id[role]=admin&id[name]=x`; a list (which OpenAPI leaves undefined) `id[0]=3&id[1]=4`.
    case deepObject
}
