extension Request {
    /// Whether a response passed a validation: Alamofire's `ValidationResult`.
    public typealias ValidationResult = Result<Void, Error>
}

extension DataRequest {
    /// Judges a response: the last attempt's `URLRequest`, its response and its body (`nil` when
    /// empty). A failure fails the attempt: the error as it is when it is an ``AFError``, else inside
    /// ``AFError/ResponseValidationFailureReason/customValidationFailed(error:)``.
    public typealias Validation = (URLRequest?, HTTPURLResponse, Data?) -> ValidationResult

    /// Adds `validation`, run on every attempt that got a response, after the validations added
    /// before it, until one fails. A failed validation is a failed attempt: the interceptors may retry
    /// it, and otherwise every response handler gets its error.
    ///
    /// - Parameter validation: The check.
    /// - Returns: The request.
    @discardableResult
    public func validate(_ validation: @escaping Validation) -> Self {
        dataState.withLock { $0.validators.append(validation) }
        return self
    }

    /// Accepts only a status in `acceptableStatusCodes`; another fails with
    /// ``AFError/ResponseValidationFailureReason/unacceptableStatusCode(code:)``.
    ///
    /// - Parameter acceptableStatusCodes: The accepted statuses, such as `200..<300` or `[200, 304]`.
    /// - Returns: The request.
    @discardableResult
    public func validate<S: Sequence>(statusCode acceptableStatusCodes: S) -> Self where S.Element == Int {
        validate { _, response, _ in
            guard !acceptableStatusCodes.contains(response.statusCode) else { return .success(()) }
            return .failure(
                AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: response.statusCode)))
        }
    }

    /// Accepts only a response whose `Content-Type` matches one of `acceptableContentTypes` (which may
    /// be `type/*` or `*/*`); an empty body passes whatever its type.
    ///
    /// A response without a `Content-Type` fails with
    /// ``AFError/ResponseValidationFailureReason/missingContentType(acceptableContentTypes:)`` unless
    /// `*/*` is acceptable; one of another type with
    /// ``AFError/ResponseValidationFailureReason/unacceptableContentType(acceptableContentTypes:responseContentType:)``.
    ///
    /// - Parameter acceptableContentTypes: The accepted media types, read when each response is judged.
    /// - Returns: The request.
    @discardableResult
    public func validate<S: Sequence>(contentType acceptableContentTypes: @escaping @autoclosure () -> S) -> Self
    where S.Element == String {
        validate { _, response, data in
            Self.validate(contentType: Array(acceptableContentTypes()), response: response, data: data)
        }
    }

    /// Accepts only a status of 200 to 299 and a `Content-Type` that the request's `Accept` header
    /// allows (anything, without one), as Alamofire's `validate()`.
    ///
    /// - Returns: The request.
    @discardableResult
    public func validate() -> Self {
        validate(statusCode: 200..<300).validate { request, response, data in
            let accept = request?.value(forHTTPHeaderField: "Accept")
            let types = accept.map { $0.components(separatedBy: ",") } ?? ["*/*"]
            return Self.validate(contentType: types, response: response, data: data)
        }
    }

    /// The content type check of ``validate(contentType:)``.
    private static func validate(contentType acceptable: [String], response: HTTPURLResponse, data: Data?)
        -> ValidationResult
    {
        guard let data, !data.isEmpty else { return .success(()) }
        let ranges = acceptable.compactMap(MediaRange.init)
        guard let contentType = response.mimeType, let type = MediaRange(contentType) else {
            if ranges.contains(where: \.isWildcard) { return .success(()) }
            return .failure(
                AFError.responseValidationFailed(
                    reason: .missingContentType(acceptableContentTypes: acceptable.sorted())))
        }
        if ranges.contains(where: { $0.matches(type) }) { return .success(()) }
        return .failure(
            AFError.responseValidationFailed(
                reason: .unacceptableContentType(
                    acceptableContentTypes: acceptable.sorted(), responseContentType: contentType)))
    }
}

/// A media type or range, `type/subtype` with either part `*`, its parameters dropped.
private struct MediaRange {
    let type: Substring
    let subtype: Substring

    init?(_ string: String) {
        let essence = string.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = essence.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().split(separator: "/")
        guard parts.count == 2 else { return nil }
        type = parts[0]
        subtype = parts[1]
    }

    var isWildcard: Bool { type == "*" && subtype == "*" }

    /// Whether the range takes `other`, a response's type.
    func matches(_ other: MediaRange) -> Bool {
        (type == "*" || type == other.type) && (subtype == "*" || subtype == other.subtype)
    }
}
