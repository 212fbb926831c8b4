/// The result the pieces of a finished transfer make, as Moya's `convertResponseToResult` gives it: a
/// ``Response`` when there is an HTTP response and no error; the error inside
/// ``MoyaError/underlying(_:_:)``, with the response when there is one, otherwise; an unknown URL error
/// when there is neither.
///
/// - Parameters:
///   - response: The HTTP response, if one arrived.
///   - request: The request that was sent.
///   - data: The body, if any.
///   - error: The error the transfer ended with, if any.
public func convertResponseToResult(
    _ response: HTTPURLResponse?, request: URLRequest?, data: Data?, error: Swift.Error?
) -> Result<Response, MoyaError> {
    let answer = response.map {
        Response(statusCode: $0.statusCode, data: data ?? Data(), request: request, response: $0)
    }
    if let error { return .failure(.underlying(error, answer)) }
    guard let answer else {
        return .failure(.underlying(NSError(domain: NSURLErrorDomain, code: NSURLErrorUnknown, userInfo: nil), nil))
    }
    return .success(answer)
}
