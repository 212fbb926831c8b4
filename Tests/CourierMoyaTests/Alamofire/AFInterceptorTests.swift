import CourierMoya
import TestSupport
import Testing

/// Interceptors through `AF.request` and a session's: adapt on every attempt, retry what failed.
@Suite struct AFInterceptorTests {
    /// Appends its name to `X-Order`, and counts its calls.
    private final class Tagger: RequestInterceptor {
        let name: String
        let calls = EventList<Int>()

        init(_ name: String) {
            self.name = name
        }

        func adapt(
            _ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void
        ) {
            var request = urlRequest
            request.addValue(name, forHTTPHeaderField: "X-Order")
            calls.append(calls.all.count)
            completion(.success(request))
        }
    }

    /// Retries up to `limit` times, recording what each decision saw.
    private final class Counter: RequestInterceptor {
        struct Seen {
            let retryCount: Int
            let status: Int?
            let taskStatus: Int?
            let error: AFError?
        }

        let limit: Int
        let seen = EventList<Seen>()

        init(limit: Int) {
            self.limit = limit
        }

        func retry(
            _ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void
        ) {
            let taskStatus = (request.task?.response as? HTTPURLResponse)?.statusCode
            seen.append(
                Seen(
                    retryCount: request.retryCount, status: request.response?.statusCode, taskStatus: taskStatus,
                    error: error.asAFError))
            completion(request.retryCount < limit ? .retryWithDelay(0.01) : .doNotRetry)
        }
    }

    @Test func theRequestsInterceptorAdaptsBeforeTheSessions() async throws {
        let session = Session(interceptor: Tagger("session"))
        let response = await AFTest.value {
            session.request(AFTest.url("/echo"), interceptor: Tagger("request")).responseDecodable(
                of: Echo.self, completionHandler: $0)
        }
        #expect(try response.result.get().headers["x-order"] == "request,session")
        #expect(response.request?.value(forHTTPHeaderField: "X-Order") == "request,session")
    }

    @Test func aFailedValidationIsRetriedWithTheAttemptsResponse() async {
        let counter = Counter(limit: 2)
        let request = AF.request(AFTest.url("/status/503"), interceptor: counter).validate()
        let response = await AFTest.value { request.responseData(completionHandler: $0) }
        let seen = counter.seen.all
        #expect(seen.map(\.retryCount) == [0, 1, 2])
        #expect(seen.allSatisfy { $0.status == 503 && $0.taskStatus == 503 && $0.error?.responseCode == 503 })
        #expect(request.retryCount == 2)
        // Each attempt's request as made, then as the interceptor adapted it, as in Alamofire.
        #expect(request.requests.count == 6)
        #expect(response.error?.responseCode == 503)
    }

    @Test func aRetryCanSucceedWithTheNextAttemptsRequest() async throws {
        let attempts = EventList<Int>()
        let adapter = Adapter { urlRequest, _, completion in
            attempts.append(attempts.all.count)
            var request = urlRequest
            if attempts.all.count > 1 { request.url = URL(string: AFTest.url("/status/200")) }
            completion(.success(request))
        }
        let retrier = Retrier { _, _, _, completion in completion(.retry) }
        let request = AF.request(
            AFTest.url("/status/500"), interceptor: Interceptor(adapter: adapter, retrier: retrier))
        let response = await AFTest.value { request.validate().responseData(completionHandler: $0) }
        #expect(response.response?.statusCode == 200)
        #expect(response.error == nil)
        #expect(request.retryCount == 1)
        #expect(attempts.all.count == 2)
    }

    @Test func doNotRetryWithErrorFailsWithRequestRetryFailed() async {
        struct Stop: Error {}
        let retrier = Retrier { _, _, _, completion in completion(.doNotRetryWithError(Stop())) }
        let response = await AFTest.value {
            AF.request(AFTest.url("/status/401"), interceptor: retrier).validate().responseData(completionHandler: $0)
        }
        guard case .requestRetryFailed(let retryError, let originalError) = response.error else {
            Issue.record("expected requestRetryFailed, got \(response.result)")
            return
        }
        #expect(retryError is Stop)
        #expect(originalError.asAFError?.responseCode == 401)
    }

    @Test func anAdapterFailureFailsWithRequestAdaptationFailed() async {
        struct NoToken: Error {}
        let adapter = Adapter { _, _, completion in completion(.failure(NoToken())) }
        let response = await AFTest.value {
            AF.request(AFTest.url("/echo"), interceptor: adapter).responseData(completionHandler: $0)
        }
        guard case .requestAdaptationFailed(let error) = response.error else {
            Issue.record("expected requestAdaptationFailed, got \(response.result)")
            return
        }
        #expect(error is NoToken)
        #expect(response.response == nil)
    }

    @Test func aResponseNothingRejectsIsNotRetried() async {
        let counter = Counter(limit: 5)
        let response = await AFTest.value {
            AF.request(AFTest.url("/status/500"), interceptor: counter).response(completionHandler: $0)
        }
        #expect(counter.seen.all.isEmpty)
        #expect(response.response?.statusCode == 500)
    }

    @Test func aSerializersOwnFailureIsPutToTheRetrier() async {
        let counter = Counter(limit: 1)
        let request = AF.request(AFTest.url("/respond?status=503&body=down"), interceptor: counter)
        let response = await AFTest.value { request.responseDecodable(of: Echo.self, completionHandler: $0) }
        let seen = counter.seen.all
        #expect(seen.map(\.retryCount) == [0, 1])
        #expect(seen.allSatisfy { $0.error?.isResponseSerializationError == true && $0.status == 503 })
        #expect(request.retryCount == 1)
        #expect(response.error?.isResponseSerializationError == true)
    }
}
