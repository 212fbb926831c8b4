import Courier

/// Hands over the body as `Data`: Alamofire's `DataResponseSerializer`, behind
/// ``DataRequest/responseData(queue:dataPreprocessor:emptyResponseCodes:emptyRequestMethods:completionHandler:)``.
/// An empty body that is allowed is empty `Data`.
public final class DataResponseSerializer: ResponseSerializer {
    /// What the body passes through first.
    public let dataPreprocessor: DataPreprocessor
    /// The statuses whose responses may have an empty body.
    public let emptyResponseCodes: Set<Int>
    /// The methods whose responses may have an empty body.
    public let emptyRequestMethods: Set<HTTPMethod>

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    public init(
        dataPreprocessor: DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
    ) {
        self.dataPreprocessor = dataPreprocessor
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
    }

    /// The body, preprocessed.
    ///
    /// - Throws: The request's error, or ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength``.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: Error?) throws -> Data {
        try body(request: request, response: response, data: data, error: error) ?? Data()
    }
}

/// Reads the body as text: Alamofire's `StringResponseSerializer`, behind
/// ``DataRequest/responseString(queue:dataPreprocessor:encoding:emptyResponseCodes:emptyRequestMethods:completionHandler:)``.
///
/// The encoding is the one given, else the response's `charset`, else ISO Latin 1, as in Alamofire.
/// An empty body that is allowed is `""`.
public final class StringResponseSerializer: ResponseSerializer {
    /// What the body passes through first.
    public let dataPreprocessor: DataPreprocessor
    /// The encoding to read the body in; `nil`: the response's `charset`, else ISO Latin 1.
    public let encoding: String.Encoding?
    /// The statuses whose responses may have an empty body.
    public let emptyResponseCodes: Set<Int>
    /// The methods whose responses may have an empty body.
    public let emptyRequestMethods: Set<HTTPMethod>

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - encoding: The encoding of the body. Default: `nil`, the response's `charset`, else ISO Latin 1.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    public init(
        dataPreprocessor: DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods
    ) {
        self.dataPreprocessor = dataPreprocessor
        self.encoding = encoding
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
    }

    /// The body as text.
    ///
    /// - Throws: The request's error, ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength``,
    ///   or ``AFError/ResponseSerializationFailureReason/stringSerializationFailed(encoding:)`` when the body
    ///   is not text in the encoding.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: Error?) throws
        -> String
    {
        guard let data = try body(request: request, response: response, data: data, error: error) else { return "" }
        let encoding = encoding ?? response?.textEncodingName.flatMap(Self.encoding(named:)) ?? .isoLatin1
        guard let string = String(data: data, encoding: encoding) else {
            throw AFError.responseSerializationFailed(reason: .stringSerializationFailed(encoding: encoding))
        }
        return string
    }

    /// The encoding of an IANA charset name, for the common ones; `nil` for others.
    static func encoding(named name: String) -> String.Encoding? {
        switch name.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).lowercased() {
        case "utf-8", "utf8": .utf8
        case "utf-16": .utf16
        case "utf-16be": .utf16BigEndian
        case "utf-16le": .utf16LittleEndian
        case "utf-32": .utf32
        case "utf-32be": .utf32BigEndian
        case "utf-32le": .utf32LittleEndian
        case "us-ascii", "ascii": .ascii
        case "iso-8859-1", "iso_8859-1", "latin1", "l1": .isoLatin1
        case "iso-8859-2", "iso_8859-2", "latin2", "l2": .isoLatin2
        case "windows-1250": .windowsCP1250
        case "windows-1251": .windowsCP1251
        case "windows-1252": .windowsCP1252
        case "windows-1253": .windowsCP1253
        case "windows-1254": .windowsCP1254
        case "shift_jis", "shift-jis", "sjis": .shiftJIS
        case "euc-jp": .japaneseEUC
        case "iso-2022-jp": .iso2022JP
        default: nil
        }
    }
}

/// Reads the body as a JSON object (`Any`): Alamofire's `JSONResponseSerializer`, behind
/// ``DataRequest/responseJSON(queue:dataPreprocessor:emptyResponseCodes:emptyRequestMethods:options:completionHandler:)``.
/// An empty body that is allowed is `NSNull()`.
///
/// Alamofire 5 deprecates it in favour of ``DecodableResponseSerializer``; here it is not marked
/// deprecated.
public final class JSONResponseSerializer: ResponseSerializer {
    /// What the body passes through first.
    public let dataPreprocessor: DataPreprocessor
    /// The statuses whose responses may have an empty body.
    public let emptyResponseCodes: Set<Int>
    /// The methods whose responses may have an empty body.
    public let emptyRequestMethods: Set<HTTPMethod>
    /// How `JSONSerialization` reads the body.
    public let options: JSONSerialization.ReadingOptions

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    ///   - options: How `JSONSerialization` reads the body. Default: `.allowFragments`.
    public init(
        dataPreprocessor: DataPreprocessor = JSONResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = JSONResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = JSONResponseSerializer.defaultEmptyRequestMethods,
        options: JSONSerialization.ReadingOptions = .allowFragments
    ) {
        self.dataPreprocessor = dataPreprocessor
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
        self.options = options
    }

    /// The body as a JSON object.
    ///
    /// - Throws: The request's error, ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength``,
    ///   or ``AFError/ResponseSerializationFailureReason/jsonSerializationFailed(error:)``.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: Error?) throws -> Any {
        guard let data = try body(request: request, response: response, data: data, error: error) else {
            return NSNull()
        }
        do {
            return try JSONSerialization.jsonObject(with: data, options: options)
        } catch {
            throw AFError.responseSerializationFailed(reason: .jsonSerializationFailed(error: error))
        }
    }
}

/// Decodes the body as a `T`: Alamofire's `DecodableResponseSerializer`, behind
/// ``DataRequest/responseDecodable(of:queue:dataPreprocessor:decoder:emptyResponseCodes:emptyRequestMethods:completionHandler:)``.
/// An empty body that is allowed is `T`'s ``EmptyResponse/emptyValue()`` (``Empty``'s, say); a type
/// without one fails with ``AFError/ResponseSerializationFailureReason/invalidEmptyResponse(type:)``.
public final class DecodableResponseSerializer<T: Decodable>: ResponseSerializer {
    /// What the body passes through first.
    public let dataPreprocessor: DataPreprocessor
    /// The decoder.
    public let decoder: DataDecoder
    /// The statuses whose responses may have an empty body.
    public let emptyResponseCodes: Set<Int>
    /// The methods whose responses may have an empty body.
    public let emptyRequestMethods: Set<HTTPMethod>

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - decoder: The decoder. Default: a new `JSONDecoder`.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    public init(
        dataPreprocessor: DataPreprocessor = DecodableResponseSerializer.defaultDataPreprocessor,
        decoder: DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer.defaultEmptyRequestMethods
    ) {
        self.dataPreprocessor = dataPreprocessor
        self.decoder = decoder
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
    }

    /// The decoded value.
    ///
    /// - Throws: The request's error, ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength``,
    ///   ``AFError/ResponseSerializationFailureReason/invalidEmptyResponse(type:)`` or
    ///   ``AFError/ResponseSerializationFailureReason/decodingFailed(error:)``.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: Error?) throws -> T {
        guard let data = try body(request: request, response: response, data: data, error: error) else {
            guard let empty = (T.self as? EmptyResponse.Type)?.emptyValue() as? T else {
                throw AFError.responseSerializationFailed(reason: .invalidEmptyResponse(type: "\(T.self)"))
            }
            return empty
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw AFError.responseSerializationFailed(reason: .decodingFailed(error: error))
        }
    }
}

extension ResponseSerializer where Self == DataResponseSerializer {
    /// A ``DataResponseSerializer`` of the defaults.
    public static var data: DataResponseSerializer { DataResponseSerializer() }

    /// A ``DataResponseSerializer`` of these settings.
    public static func data(
        dataPreprocessor: DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
    ) -> DataResponseSerializer {
        DataResponseSerializer(
            dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
    }
}

extension ResponseSerializer where Self == StringResponseSerializer {
    /// A ``StringResponseSerializer`` of the defaults.
    public static var string: StringResponseSerializer { StringResponseSerializer() }

    /// A ``StringResponseSerializer`` of these settings.
    public static func string(
        dataPreprocessor: DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods
    ) -> StringResponseSerializer {
        StringResponseSerializer(
            dataPreprocessor: dataPreprocessor, encoding: encoding, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
    }
}

extension ResponseSerializer {
    /// A ``DecodableResponseSerializer`` of `type` and these settings.
    public static func decodable<T: Decodable>(
        of type: T.Type, dataPreprocessor: DataPreprocessor = DecodableResponseSerializer<T>.defaultDataPreprocessor,
        decoder: DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<T>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<T>.defaultEmptyRequestMethods
    ) -> DecodableResponseSerializer<T> where Self == DecodableResponseSerializer<T> {
        DecodableResponseSerializer<T>(
            dataPreprocessor: dataPreprocessor, decoder: decoder, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
    }
}
