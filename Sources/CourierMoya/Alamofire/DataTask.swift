import Courier

/// A ``DataRequest``'s response, to `await`: Alamofire's `DataTask`, which
/// ``DataRequest/serializingDecodable(_:automaticallyCancelling:dataPreprocessor:decoder:emptyResponseCodes:emptyRequestMethods:)``
/// and its siblings make.
///
/// ```swift
/// let user = try await AF.request("https://api.example.com/user").validate()
///     .serializingDecodable(User.self).value
/// ```
///
/// Every property awaits the same response. When the task was made with `automaticallyCancelling`,
/// cancelling the Swift task that awaits it cancels the request.
public struct DataTask<Value> {
    private let request: DataRequest
    private let task: _Concurrency.Task<Unchecked<DataResponse<Value, AFError>>, Never>
    private let shouldAutomaticallyCancel: Bool

    init(
        request: DataRequest, task: _Concurrency.Task<Unchecked<DataResponse<Value, AFError>>, Never>,
        shouldAutomaticallyCancel: Bool
    ) {
        self.request = request
        self.task = task
        self.shouldAutomaticallyCancel = shouldAutomaticallyCancel
    }

    /// The response, once the request is done.
    public var response: DataResponse<Value, AFError> {
        get async {
            guard shouldAutomaticallyCancel else { return await task.value.value }
            let task = task
            return await withTaskCancellationHandler {
                await task.value.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// The result of the response.
    public var result: Result<Value, AFError> {
        get async { await response.result }
    }

    /// The value of the response.
    ///
    /// - Throws: The ``AFError`` of the response.
    public var value: Value {
        get async throws { try await result.get() }
    }

    /// Cancels the request.
    public func cancel() {
        task.cancel()
    }

    /// Resumes the request.
    public func resume() {
        request.resume()
    }

    /// Suspends the request.
    public func suspend() {
        request.suspend()
    }
}

extension DataRequest {
    /// A ``DataTask`` of the body as `Data` (see ``DataResponseSerializer``).
    ///
    /// - Parameters:
    ///   - shouldAutomaticallyCancel: Whether cancelling the Swift task that awaits the response cancels
    ///     the request. Default: `true`.
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    /// - Returns: The task.
    public func serializingData(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
    ) -> DataTask<Data> {
        serializingResponse(
            using: DataResponseSerializer(
                dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DataTask`` of the body decoded as a `Value` (see ``DecodableResponseSerializer``).
    ///
    /// - Parameters:
    ///   - type: The type to decode. Default: inferred.
    ///   - shouldAutomaticallyCancel: Whether cancelling the Swift task that awaits the response cancels
    ///     the request. Default: `true`.
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - decoder: The decoder. Default: a new `JSONDecoder`.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    /// - Returns: The task.
    public func serializingDecodable<Value: Decodable>(
        _ type: Value.Type = Value.self, automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: DataPreprocessor = DecodableResponseSerializer<Value>.defaultDataPreprocessor,
        decoder: DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<Value>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<Value>.defaultEmptyRequestMethods
    ) -> DataTask<Value> {
        serializingResponse(
            using: DecodableResponseSerializer<Value>(
                dataPreprocessor: dataPreprocessor, decoder: decoder, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DataTask`` of the body as text (see ``StringResponseSerializer``).
    ///
    /// - Parameters:
    ///   - shouldAutomaticallyCancel: Whether cancelling the Swift task that awaits the response cancels
    ///     the request. Default: `true`.
    ///   - dataPreprocessor: What the body passes through first. Default: none.
    ///   - encoding: The encoding of the body. Default: `nil`, the response's `charset`, else ISO Latin 1.
    ///   - emptyResponseCodes: The statuses that may have an empty body. Default: 204 and 205.
    ///   - emptyRequestMethods: The methods that may have an empty body. Default: `HEAD`.
    /// - Returns: The task.
    public func serializingString(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods
    ) -> DataTask<String> {
        serializingResponse(
            using: StringResponseSerializer(
                dataPreprocessor: dataPreprocessor, encoding: encoding, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DataTask`` of what `serializer` makes of the response.
    ///
    /// - Parameters:
    ///   - serializer: Makes the value.
    ///   - shouldAutomaticallyCancel: Whether cancelling the Swift task that awaits the response cancels
    ///     the request. Default: `true`.
    /// - Returns: The task.
    public func serializingResponse<Serializer: DataResponseSerializerProtocol>(
        using serializer: Serializer, automaticallyCancelling shouldAutomaticallyCancel: Bool = true
    ) -> DataTask<Serializer.SerializedObject> {
        let serializer = Unchecked(serializer)
        let task = _Concurrency.Task { [self] in
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    response(queue: Self.dataTaskQueue, responseSerializer: serializer.value) { response in
                        continuation.resume(returning: Unchecked(response))
                    }
                }
            } onCancel: {
                cancel()
            }
        }
        return DataTask(request: self, task: task, shouldAutomaticallyCancel: shouldAutomaticallyCancel)
    }

    /// The queue the handlers of ``DataTask``s run on.
    private static let dataTaskQueue = DispatchQueue(label: "CourierMoya.DataTask", attributes: .concurrent)
}

/// A task of a `Sendable` value may be awaited from any task.
extension DataTask: Sendable where Value: Sendable {}
