/// A value a generated model holds by reference: the storage of a property whose type is a large struct.
///
/// Structs hold the structs of their properties inline, so a model of a large document (a Kubernetes
/// object holds a pod spec, which holds containers' settings, and so on) can be thousands of fields
/// deep, and the compiler writes the code that copies and destroys it field by field: in one document
/// of the test set, 20 s and 1.3 GB for one file. `courier-openapi` stores such properties in this box
/// instead; the property itself keeps its type, read and written as any other.
public final class OpenAPIIndirect<Value: Sendable>: Sendable {
    /// The value.
    public let value: Value

    /// A box holding `value`.
    @inlinable
    public init(_ value: Value) { self.value = value }

    /// A box holding `value`, or `nil` for none.
    @inlinable
    public static func wrapping(_ value: Value?) -> OpenAPIIndirect<Value>? {
        value.map { OpenAPIIndirect($0) }
    }
}
