import Foundation

/// A parameter value sorted into the shapes that encoders know how to write.
///
/// Booleans are told apart from numbers by their type, never with `as? Bool`, which on Linux also
/// succeeds for `NSNumber(value: 1)`. Numbers are written with Swift's own descriptions so the text is
/// the same on every platform.
enum ParameterValue {
    case null
    case bool(Bool)
    /// A finite number in its text form.
    case number(String)
    /// A floating-point value that is NaN or infinite (JSON cannot hold it).
    case nonFiniteNumber(String)
    case string(String)
    case array([Any])
    case dictionary([String: Any])
    /// A dictionary of `Parameters`, kept as it is (no upcast to `[String: Any]`).
    case sendableDictionary([String: any Sendable])
    /// Any other value; form encoding writes its description, JSON rejects it.
    case other(Any)

    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    init(_ value: Any) {
        // Fast path: the exact types parameters almost always hold, found by comparing type identities
        // before the cascade of dynamic casts below (an `Optional` or an `NSNumber` never matches these).
        let valueType = ObjectIdentifier(Swift.type(of: value))
        if valueType == ObjectIdentifier(String.self), let string = value as? String {
            self = .string(string)
            return
        }
        if valueType == ObjectIdentifier(Int.self), let int = value as? Int {
            self = .number(String(int))
            return
        }
        if valueType == ObjectIdentifier(Bool.self), let bool = value as? Bool {
            self = .bool(bool)
            return
        }
        if valueType == ObjectIdentifier(Double.self), let double = value as? Double {
            self = Self(floating: double, text: double.description)
            return
        }
        if valueType == ObjectIdentifier([String: any Sendable].self), let dictionary = value as? [String: any Sendable]
        {
            self = .sendableDictionary(dictionary)
            return
        }
        switch value {
        case let wrapped as any WrappedParameter:
            self = Self(wrapped.wrappedParameter)
        // Optionals first: a cast such as `as Bool` looks through an `Optional` and, on Linux, bridges the
        // `NSNumber` inside it (`Optional(NSNumber(value: 1)) as? Bool` is `true`).
        case let optional as any OptionalValue:
            if let wrapped = optional.wrappedValue {
                self = Self(wrapped)
            } else {
                self = .null
            }
        case let string as String:
            self = .string(string)
        case let number as NSNumber where type(of: value) is NSNumber.Type:
            self = Self(number)
        case let bool as Bool:
            self = .bool(bool)
        case let int as Int:
            self = .number(String(int))
        case let double as Double:
            self = Self(floating: double, text: double.description)
        case let dictionary as [String: any Sendable]:
            self = .sendableDictionary(dictionary)
        case let array as [any Sendable]:
            self = .array(array)
        case is NSNull:
            self = .null
        case let int as Int8: self = .number(String(int))
        case let int as Int16: self = .number(String(int))
        case let int as Int32: self = .number(String(int))
        case let int as Int64: self = .number(String(int))
        case let int as UInt: self = .number(String(int))
        case let int as UInt8: self = .number(String(int))
        case let int as UInt16: self = .number(String(int))
        case let int as UInt32: self = .number(String(int))
        case let int as UInt64: self = .number(String(int))
        case let float as Float: self = Self(floating: Double(float), text: float.description)
        case let decimal as Decimal:
            self = decimal.isNaN ? .nonFiniteNumber(decimal.description) : .number(decimal.description)
        case let dictionary as [String: Any]:
            self = .dictionary(dictionary)
        case let array as [Any]:
            self = .array(array)
        case let url as URL:
            self = .string(url.absoluteString)
        case let text as any LosslessStringConvertible:
            self = .string(text.description)
        default:
            self = .other(value)
        }
    }

    private init(floating value: Double, text: String) {
        self = value.isFinite ? .number(text) : .nonFiniteNumber(text)
    }

    private init(_ number: NSNumber) {
        if ObjectIdentifier(type(of: number)) == Self.booleanClass {
            self = .bool(number.boolValue)
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
            self = .number(String(number.int64Value))
        case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
            self = .number(String(number.uint64Value))
        case UInt8(ascii: "f"):
            self = Self(floating: Double(number.floatValue), text: number.floatValue.description)
        default:
            self = Self(floating: number.doubleValue, text: number.doubleValue.description)
        }
    }
}

/// A parameter value that stands for another, encoded as that other value: how CourierMoya carries the
/// values of a `[String: Any]` dictionary in ``Parameters``.
package protocol WrappedParameter: Sendable {
    /// The value to encode.
    var wrappedParameter: Any { get }
}

/// Lets an `Any` that holds an `Optional` be unwrapped without knowing the wrapped type.
protocol OptionalValue {
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? {
        switch self {
        case .some(let value): value
        case .none: nil
        }
    }
}
