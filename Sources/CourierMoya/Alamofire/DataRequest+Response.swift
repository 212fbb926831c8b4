import Courier

/// The response handlers of a ``DataRequest``: each is called once with the request's final
/// response, on `queue` (the main queue by default). Adding one resumes the request when the session
/// starts requests immediately.
extension DataRequest {
    /// Calls `completionHandler` with the body as it came (`nil` when empty), or the request's error.
    ///
    /// - Parameters:
    ///   - queue: Where `completionHandler` runs. Default: the main queue.
    ///   - completionHandler: Called once with the response.
    /// - Returns: The request.
    @discardableResult
    public func response(queue: DispatchQueue = .main, completionHandler: @escaping (AFDataResponse<Data?>) -> Void)
        -> Self
    {
        appendResponseHandler(
            ResponseHandler { [self] outcome in
                let result: AFResult<Data?> = outcome.error.map { .failure($0) } ?? .success(outcome.data)
                let response = DataResponse(
                    request: outcome.request, response: outcome.response, data: outcome.data, metrics: nil,
                    serializationDuration: 0, result: result)
                eventMonitor?.request(self, didParseResponse: response)
                return Serialized(failure: nil) { _ in Self.deliver(response, to: completionHandler, on: queue) }
            })
        return self
    }

    /// Calls `completionHandler` with what `responseSerializer` makes of the response.
    ///
    /// A serializer's own failure (not the request's error, which it passes on) is put to the
    /// retriers first, as in Alamofire.
    ///
    /// - Parameters:
    ///   - queue: Where `completionHandler` runs. Default: the main queue.
    ///   - responseSerializer: Makes the value.
    ///   - completionHandler: Called once with the response.
    /// - Returns: The request.
    @discardableResult
    public func response<Serializer: DataResponseSerializerProtocol>(
        queue: DispatchQueue = .main, responseSerializer: Serializer,
        completionHandler: @escaping (AFDataResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        appendSerializer(responseSerializer, queue: queue, completionHandler: completionHandler)
        return self
    }

    /// Calls `completionHandler` with what `responseSerializer` makes of the response; the form that
    /// takes `.data`, `.string` and `.decodable(of:)`.
    ///
    /// - Parameters:
    ///   - queue: Where `completionHandler` runs. Default: the main queue.
    ///   - responseSerializer: Makes the value.
    ///   - completionHandler: Called once with the response.
    /// - Returns: The request.
    @discardableResult
    public func response<Serializer: ResponseSerializer>(
        queue: DispatchQueue = .main, responseSerializer: Serializer,
        completionHandler: @escaping (AFDataResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        appendSerializer(responseSerializer, queue: queue, completionHandler: completionHandler)
        return self
    }

    /// Calls `completionHandler` with the body as `Data` (see ``DataResponseSerializer``).
    ///
    /// - Parameters:
    ///   - queue: Where `completionHandler` runs. Default: the main queue.
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    ///   - completionHandler: Called once with the response.
    /// - Returns: The request.
    @discardableResult
    public func responseData(
        queue: DispatchQueue = .main,
        dataPreprocessor: DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDataResponse<Data>) -> Void
    ) -> Self {
        let serializer = DataResponseSerializer(
            dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
        return response(queue: queue, responseSerializer: serializer, completionHandler: completionHandler)
    }

    /// Calls `completionHandler` with the body as text (see ``StringResponseSerializer``).
    ///
    /// - Parameters:
    ///   - queue: Where `completionHandler` runs. Default: the main queue.
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - encoding: The encoding of the body. Default: `nil`, the response's `charset`, else ISO Latin 1.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    ///   - completionHandler: Called once with the response.
    /// - Returns: The request.
    @discardableResult
    public func responseString(
        queue: DispatchQueue = .main,
        dataPreprocessor: DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDataResponse<String>) -> Void
    ) -> Self {
        let serializer = StringResponseSerializer(
            dataPreprocessor: dataPreprocessor, encoding: encoding, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
        return response(queue: queue, responseSerializer: serializer, completionHandler: completionHandler)
    }

    /// Calls `completionHandler` with the body as a JSON object (see ``JSONResponseSerializer``).
    /// Alamofire 5 deprecates it in favour of ``responseDecodable(of:queue:dataPreprocessor:decoder:emptyResponseCodes:emptyRequestMethods:completionHandler:)``.
    ///
    /// - Parameters:
    ///   - queue: Where `completionHandler` runs. Default: the main queue.
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    ///   - options: How `JSONSerialization` reads the body. Default: `.allowFragments`.
    ///   - completionHandler: Called once with the response.
    /// - Returns: The request.
    @discardableResult
    public func responseJSON(
        queue: DispatchQueue = .main,
        dataPreprocessor: DataPreprocessor = JSONResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = JSONResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = JSONResponseSerializer.defaultEmptyRequestMethods,
        options: JSONSerialization.ReadingOptions = .allowFragments,
        completionHandler: @escaping (AFDataResponse<Any>) -> Void
    ) -> Self {
        let serializer = JSONResponseSerializer(
            dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods, options: options)
        return response(queue: queue, responseSerializer: serializer, completionHandler: completionHandler)
    }

    /// Calls `completionHandler` with the body decoded as a `T` (see ``DecodableResponseSerializer``).
    ///
    /// - Parameters:
    ///   - type: The type to decode. Default: inferred from `completionHandler`.
    ///   - queue: Where `completionHandler` runs. Default: the main queue.
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - decoder: The decoder. Default: a new `JSONDecoder`.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    ///   - completionHandler: Called once with the response.
    /// - Returns: The request.
    @discardableResult
    public func responseDecodable<T: Decodable>(
        of type: T.Type = T.self, queue: DispatchQueue = .main,
        dataPreprocessor: DataPreprocessor = DecodableResponseSerializer<T>.defaultDataPreprocessor,
        decoder: DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<T>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<T>.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDataResponse<T>) -> Void
    ) -> Self {
        let serializer = DecodableResponseSerializer<T>(
            dataPreprocessor: dataPreprocessor, decoder: decoder, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
        return response(queue: queue, responseSerializer: serializer, completionHandler: completionHandler)
    }

    /// Adds the handler of `serializer`.
    private func appendSerializer<Serializer: DataResponseSerializerProtocol>(
        _ serializer: Serializer, queue: DispatchQueue,
        completionHandler: @escaping (AFDataResponse<Serializer.SerializedObject>) -> Void
    ) {
        appendResponseHandler(
            ResponseHandler { [self] outcome in
                let start = ProcessInfo.processInfo.systemUptime
                let result = Result {
                    try serializer.serialize(
                        request: outcome.request, response: outcome.response, data: outcome.data, error: outcome.error)
                }.mapError { error in
                    error.asAFError ?? .responseSerializationFailed(reason: .customSerializationFailed(error: error))
                }
                let response = DataResponse(
                    request: outcome.request, response: outcome.response, data: outcome.data, metrics: nil,
                    serializationDuration: ProcessInfo.processInfo.systemUptime - start, result: result)
                eventMonitor?.request(self, didParseResponse: response)
                let failure: AFError? =
                    if outcome.error == nil, case .failure(let error) = result { error } else { nil }
                return Serialized(failure: failure) { replacement in
                    let final = replacement.map { response.with(AFResult<Serializer.SerializedObject>.failure($0)) }
                    Self.deliver(final ?? response, to: completionHandler, on: queue)
                }
            })
    }

    private static func deliver<Value>(
        _ response: AFDataResponse<Value>, to handler: @escaping (AFDataResponse<Value>) -> Void,
        on queue: DispatchQueue
    ) {
        let call = Unchecked((handler, response))
        queue.async { call.value.0(call.value.1) }
    }
}
