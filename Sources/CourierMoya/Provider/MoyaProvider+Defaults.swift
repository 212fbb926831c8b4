/// The default closures of a ``MoyaProvider``, and its stub closures.
extension MoyaProvider {
    /// The endpoint of `target`: its URL (`URL(target:)`), method, task, headers, and a stub
    /// answer of status 200 with the target's sample data.
    public final class func defaultEndpointMapping(for target: Target) -> Endpoint {
        Endpoint(
            url: URL(target: target).absoluteString,
            sampleResponseClosure: { .networkResponse(200, target.sampleData) },
            method: target.method,
            task: target.task,
            httpHeaderFields: target.headers)
    }

    /// Hands the `URLRequest` of `endpoint`, or the error that kept it from being made, to `closure`:
    /// ``MoyaError/requestMapping(_:)`` and ``MoyaError/parameterEncoding(_:)`` as they are, any other
    /// error inside ``MoyaError/underlying(_:_:)``.
    public final class func defaultRequestMapping(for endpoint: Endpoint, closure: RequestResultClosure) {
        do {
            let urlRequest = try endpoint.urlRequest()
            closure(.success(urlRequest))
        } catch MoyaError.requestMapping(let url) {
            closure(.failure(MoyaError.requestMapping(url)))
        } catch MoyaError.parameterEncoding(let error) {
            closure(.failure(MoyaError.parameterEncoding(error)))
        } catch {
            closure(.failure(MoyaError.underlying(error, nil)))
        }
    }

    /// A new session with the `.default` configuration and Alamofire's default headers
    /// (`Accept-Encoding`, `Accept-Language`, `User-Agent`), its requests not started at once: the
    /// session Moya gives a provider.
    public final class func defaultAlamofireSession() -> Session {
        let configuration = URLSessionConfiguration.default
        configuration.headers = .default
        return Session(configuration: configuration, startRequestsImmediately: false)
    }

    /// Sends every request for real.
    public final class func neverStub(_: Target) -> StubBehavior { .never }

    /// Answers every request with its sample response at once.
    public final class func immediatelyStub(_: Target) -> StubBehavior { .immediate }

    /// Answers every request with its sample response after `seconds`.
    public final class func delayedStub(_ seconds: TimeInterval) -> (Target) -> StubBehavior {
        { _ in .delayed(seconds: seconds) }
    }
}
