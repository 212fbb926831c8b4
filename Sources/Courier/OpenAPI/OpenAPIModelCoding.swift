/// Reading a generated model's properties by their keys in the document.
///
/// Generated models write their `init(from:)` with these rather than have the compiler synthesise a
/// `CodingKeys` enumeration and its conformances for every model: the same decoding, at about half the
/// compile time of a large document.
extension KeyedDecodingContainer where K == OpenAPICodingKey {
    /// The value of the member `key`: a missing member or a value of another type throws, as a
    /// required property's synthesised decoding does.
    @inlinable
    public func value<Value: Decodable>(_ key: String) throws -> Value {
        try decode(Value.self, forKey: OpenAPICodingKey(key))
    }

    /// The value of the member `key`, or `fallback` when it is missing or `null`: a required property's
    /// decoding where the document gives it a default or one value only (a discriminator the generator
    /// adds). A value of another type still throws.
    @inlinable
    public func value<Value: Decodable>(_ key: String, otherwise fallback: @autoclosure () -> Value) throws -> Value {
        try decodeIfPresent(Value.self, forKey: OpenAPICodingKey(key)) ?? fallback()
    }

    /// The value of the member `key`, or `nil` when it is missing or `null`: an optional property's
    /// decoding. A value of another type still throws.
    @inlinable
    public func valueIfPresent<Value: Decodable>(_ key: String) throws -> Value? {
        try decodeIfPresent(Value.self, forKey: OpenAPICodingKey(key))
    }
}

/// Writing a generated model's properties under their keys in the document.
extension KeyedEncodingContainer where K == OpenAPICodingKey {
    /// Writes `value` as the member `key`.
    @inlinable
    public mutating func write<Value: Encodable>(_ value: Value, at key: String) throws {
        try encode(value, forKey: OpenAPICodingKey(key))
    }

    /// Writes `value` as the member `key` when it is not `nil`; leaves the member out otherwise, as an
    /// optional property's synthesised encoding does.
    @inlinable
    public mutating func writeIfPresent<Value: Encodable>(_ value: Value?, at key: String) throws {
        try encodeIfPresent(value, forKey: OpenAPICodingKey(key))
    }
}
