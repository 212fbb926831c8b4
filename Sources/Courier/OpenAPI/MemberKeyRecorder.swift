/// An `Encoder` that only notes the keys a value writes at its top level, for ``OpenAPIChoice``: the
/// members' values are not encoded at all.
final class MemberKeyRecorder: Encoder {
    /// The keys written so far.
    private(set) var keys: Set<String> = []
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    /// The top-level keys `value`'s encoding writes; none when it throws or is not an object.
    static func keys(writtenBy value: some Encodable) -> Set<String> {
        let recorder = MemberKeyRecorder()
        do { try value.encode(to: recorder) } catch { return [] }
        return recorder.keys
    }

    fileprivate func note(_ key: any CodingKey) { keys.insert(key.stringValue) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyRecordingContainer<Key>(recorder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { IgnoredValues() }

    func singleValueContainer() -> any SingleValueEncodingContainer { IgnoredValues() }
}

/// Notes each key it is given; the values are not looked at.
private struct KeyRecordingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: MemberKeyRecorder?
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { recorder?.note(key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { recorder?.note(key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        recorder?.note(key)
        return KeyedEncodingContainer(KeyRecordingContainer<NestedKey>(recorder: nil))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        recorder?.note(key)
        return IgnoredValues()
    }

    mutating func superEncoder() -> any Encoder { IgnoredEncoder() }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        recorder?.note(key)
        return IgnoredEncoder()
    }
}

/// An encoder below the top level: whatever is written there is dropped.
private struct IgnoredEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyRecordingContainer<Key>(recorder: nil))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { IgnoredValues() }

    func singleValueContainer() -> any SingleValueEncodingContainer { IgnoredValues() }
}

/// A list or single value: dropped, as it has no keys.
private struct IgnoredValues: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyRecordingContainer<NestedKey>(recorder: nil))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { IgnoredValues() }

    mutating func superEncoder() -> any Encoder { IgnoredEncoder() }
}
