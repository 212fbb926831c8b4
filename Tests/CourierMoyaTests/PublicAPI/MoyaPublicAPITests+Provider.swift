import CourierMoya
import Testing

// Moya's public API, part 3: `MoyaProvider` (made with every argument, subclassed, its overridable
// methods overridden), stubs, inflight tracking, cancellation, progress, `MoyaProviderType` and the
// session and interceptor names Moya re-exports. See MoyaPublicAPITests.swift for how the symbols were
// listed and counted.

/// A provider subclass of the app's own, overriding what Moya lets apps override.
final class AuditedProvider<Target: TargetType>: MoyaProvider<Target> {
    let calls = Recorder<[String]>([])

    override func endpoint(_ token: Target) -> Endpoint {
        calls.append("endpoint")
        return super.endpoint(token).adding(newHTTPHeaderFields: ["X-Audited": "yes"])
    }

    @discardableResult
    override func request(
        _ target: Target, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none,
        completion: @escaping Completion
    ) -> Cancellable {
        calls.append("request")
        return requestNormal(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
    }

    @discardableResult
    override func stubRequest(
        _ target: Target, request: URLRequest, callbackQueue: DispatchQueue?, completion: @escaping Completion,
        endpoint: Endpoint, stubBehavior: StubBehavior
    ) -> CancellableToken {
        calls.append("stub")
        let token = CancellableToken {}
        let prepared = notifyPluginsOfImpendingStub(for: request, target: target)
        let answer = createStubFunction(
            token, forTarget: target, withCompletion: completion, endpoint: endpoint, plugins: plugins,
            request: prepared)
        (callbackQueue ?? DispatchQueue(label: "audited.stub")).async { answer() }
        return token
    }

    override var inflightRequests: [Endpoint: [Completion]] {
        calls.append("inflight")
        return super.inflightRequests
    }
}

/// A provider double of the app's own, for code written against `MoyaProviderType`.
final class CannedProvider: MoyaProviderType {
    typealias Target = StoreAPI

    func request(
        _ target: StoreAPI, callbackQueue: DispatchQueue?, progress: ProgressBlock?, completion: @escaping Completion
    ) -> Cancellable {
        completion(.success(Response(statusCode: 299, data: Data(target.path.utf8))))
        return CancellableToken {}
    }
}

/// A cancellable of the app's own that cancels every request it holds.
final class RequestBag: Cancellable {
    private var requests: [Cancellable] = []
    private(set) var isCancelled = false

    func add(_ request: Cancellable) {
        requests.append(request)
    }

    func cancel() {
        isCancelled = true
        for request in requests {
            request.cancel()
        }
    }
}

/// An interceptor of the app's own that stamps every request.
final class StampInterceptor: RequestInterceptor {
    func adapt(
        _ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        var request = urlRequest
        request.setValue("stamped", forHTTPHeaderField: "X-Stamp")
        completion(.success(request))
    }
}

@Suite struct MoyaProviderAPITests {
    private let queue = DispatchQueue(label: "provider.api")

    /// What code written against `MoyaProviderType` (as Moya's reactive extensions are) gets.
    private func fetch<Provider: MoyaProviderType>(_ provider: Provider, _ target: Provider.Target) async -> Result<
        Response, MoyaError
    > {
        await answer { done in _ = provider.request(target, callbackQueue: nil, progress: nil, completion: done) }
    }

    // Moya: MoyaProvider, MoyaProvider.init(endpointClosure:requestClosure:stubClosure:callbackQueue:session:plugins:trackInflights:),
    // MoyaProvider.EndpointClosure, MoyaProvider.RequestClosure, MoyaProvider.RequestResultClosure,
    // MoyaProvider.StubClosure, MoyaProvider.endpointClosure, MoyaProvider.requestClosure, MoyaProvider.stubClosure,
    // MoyaProvider.session, MoyaProvider.plugins, MoyaProvider.trackInflights, MoyaProvider.defaultEndpointMapping(for:),
    // MoyaProvider.defaultRequestMapping(for:closure:), MoyaProvider.defaultAlamofireSession(), Session, Completion,
    // MoyaProvider.request(_:callbackQueue:progress:completion:)
    @Test func aProviderKeepsWhatItWasMadeWith() async throws {
        let endpointClosure: MoyaProvider<StoreAPI>.EndpointClosure = { target in
            MoyaProvider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["X-Mapped": "1"])
        }
        let requestClosure: MoyaProvider<StoreAPI>.RequestClosure = { endpoint, done in
            MoyaProvider<StoreAPI>.defaultRequestMapping(for: endpoint, closure: done)
        }
        let stubClosure: MoyaProvider<StoreAPI>.StubClosure = MoyaProvider.neverStub
        let session: Session = MoyaProvider<StoreAPI>.defaultAlamofireSession()
        #expect(session.startRequestsImmediately == false)
        #expect(session.sessionConfiguration.headers["User-Agent"] != nil)
        let provider = MoyaProvider<StoreAPI>(
            endpointClosure: endpointClosure, requestClosure: requestClosure, stubClosure: stubClosure,
            callbackQueue: queue, session: session,
            plugins: [NetworkLoggerPlugin(configuration: .init(output: { _, _ in }))], trackInflights: false)
        #expect(provider.endpointClosure(.plain).httpHeaderFields?["X-Mapped"] == "1")
        #expect(provider.session === session && provider.plugins.count == 1 && provider.trackInflights == false)
        if case .never = provider.stubClosure(.plain) {} else { Issue.record("the stub closure changed") }

        let mapped = MoyaProvider<StoreAPI>.defaultEndpointMapping(for: .search(query: "tea", page: 1))
        #expect(
            mapped.url == URL(target: StoreAPI.plain).absoluteString && mapped.httpHeaderFields == ["X-App": "store"])
        let request: Result<URLRequest, MoyaError> = await answer { done in
            let resultClosure: MoyaProvider<StoreAPI>.RequestResultClosure = done
            provider.requestClosure(mapped, resultClosure)
        }
        #expect(try request.get().url?.query == "page=1&q=tea")
        let broken = Endpoint(
            url: "", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestPlain, httpHeaderFields: nil)
        var brokenResult: Result<URLRequest, MoyaError>?
        MoyaProvider<StoreAPI>.defaultRequestMapping(for: broken) { brokenResult = $0 }
        guard case .failure(.requestMapping("")) = brokenResult else {
            Issue.record("mapped \(String(describing: brokenResult))")
            return
        }

        let echoed: Result<Response, MoyaError> = await answer { done in
            let completion: Completion = done
            provider.request(.plain, completion: completion)
        }
        #expect(try echo(echoed).headers["x-mapped"] == "1")
    }

    // Moya: MoyaProvider.endpoint(_:), MoyaProvider.request(_:callbackQueue:progress:completion:),
    // MoyaProvider.requestNormal(_:callbackQueue:progress:completion:),
    // MoyaProvider.stubRequest(_:request:callbackQueue:completion:endpoint:stubBehavior:),
    // MoyaProvider.notifyPluginsOfImpendingStub(for:target:),
    // MoyaProvider.createStubFunction(_:forTarget:withCompletion:endpoint:plugins:request:), MoyaProvider.inflightRequests
    @Test func aSubclassOverridesTheProvidersMethods() async throws {
        let activity = Recorder<[NetworkActivityChangeType]>([])
        let provider = AuditedProvider<StoreAPI>(
            stubClosure: MoyaProvider.immediatelyStub,
            plugins: [NetworkActivityPlugin { change, _ in activity.append(change) }])
        let result = await answer(provider, .plain)
        #expect(try result.get().request?.value(forHTTPHeaderField: "X-Audited") == "yes")
        #expect(provider.calls.value == ["request", "endpoint", "stub"])
        #expect(activity.value == [.began, .ended])
        #expect(provider.inflightRequests.isEmpty && provider.calls.value.last == "inflight")
    }

    // Moya: MoyaProvider.trackInflights, MoyaProvider.inflightRequests, MoyaProvider.RequestResultClosure
    @Test func trackedInflightRequestsShareOneAnswer() async throws {
        let held = Recorder<[MoyaProvider<StoreAPI>.RequestResultClosure]>([])
        let provider = MoyaProvider<StoreAPI>(
            requestClosure: { _, done in held.append(done) }, stubClosure: MoyaProvider.immediatelyStub,
            callbackQueue: queue, trackInflights: true)
        let answers = Recorder<[Int]>([])
        let answered: Bool = await answer { done in
            for _ in 0..<2 {
                provider.request(.plain) { result in
                    answers.append((try? result.get().statusCode) ?? -1)
                    if answers.value.count == 2 { done(true) }
                }
            }
            #expect(provider.inflightRequests.count == 1 && provider.inflightRequests.values.first?.count == 2)
            #expect(held.value.count == 1)
            held.value.first?(.success(URLRequest(url: URL(target: StoreAPI.plain))))
        }
        #expect(answered && answers.value == [200, 200])
        // As in Moya, the table lets go of the endpoint once its completions have returned.
        #expect(await eventually { provider.inflightRequests.isEmpty })
    }

    // Moya: Cancellable, Cancellable.cancel(), Cancellable.isCancelled, MoyaProvider.cancelCompletion(_:target:)
    @Test func cancellingARequestEndsItAsCancelled() async throws {
        let held = Recorder<[MoyaProvider<StoreAPI>.RequestResultClosure]>([])
        let waiting = MoyaProvider<StoreAPI>(requestClosure: { _, done in held.append(done) }, callbackQueue: queue)
        let early: Result<Response, MoyaError> = await answer { done in
            let cancellable: Cancellable = waiting.request(.plain, completion: done)
            cancellable.cancel()
            #expect(cancellable.isCancelled)
            held.value.first?(.success(URLRequest(url: URL(target: StoreAPI.plain))))
        }
        guard case .failure(.underlying(let error as NSError, nil)) = early else {
            Issue.record("not cancelled: \(early)")
            return
        }
        #expect(error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled)

        var direct: Result<Response, MoyaError>?
        waiting.cancelCompletion({ direct = $0 }, target: .plain)
        guard case .failure(.underlying(let cancelled as NSError, nil)) = direct else {
            Issue.record("not cancelled: \(String(describing: direct))")
            return
        }
        #expect(cancelled.code == NSURLErrorCancelled)

        let network = MoyaProvider<StoreAPI>(callbackQueue: queue)
        let late: Result<Response, MoyaError> = await answer { done in
            network.request(.hang, completion: done).cancel()
        }
        guard case .failure(.underlying(let underlying, _)) = late else {
            Issue.record("not cancelled: \(late)")
            return
        }
        #expect((underlying as? AFError)?.isExplicitlyCancelledError == true)
    }

    // Moya: CancellableToken, CancellableToken.init(action:), CancellableToken.cancel(), CancellableToken.isCancelled,
    // CancellableToken.debugDescription
    @Test func aCancellableTokenRunsItsActionOnce() {
        let runs = Recorder(0)
        let token = CancellableToken { runs.update { $0 += 1 } }
        #expect(!token.isCancelled && token.debugDescription == "Empty Request")
        token.cancel()
        token.cancel()
        #expect(token.isCancelled && runs.value == 1)

        let bag = RequestBag()
        let other = CancellableToken {}
        bag.add(other)
        let cancellable: Cancellable = bag
        cancellable.cancel()
        #expect(cancellable.isCancelled && other.isCancelled)
    }

    // Moya: ProgressBlock, ProgressResponse, ProgressResponse.init(progress:response:), ProgressResponse.progress,
    // ProgressResponse.completed, ProgressResponse.progressObject, ProgressResponse.response
    @Test func progressReportsEndWithTheResponse() async throws {
        let quarter = Progress(totalUnitCount: 4)
        quarter.completedUnitCount = 1
        #expect(ProgressResponse(progress: quarter).progress == 0.25)
        #expect(ProgressResponse(progress: quarter).progressObject === quarter)
        #expect(ProgressResponse().progress == 0 && !ProgressResponse().completed)
        let done = ProgressResponse(progress: nil, response: Response(statusCode: 200, data: Data()))
        #expect(done.completed && done.progress == 1 && done.response?.statusCode == 200)

        let reports = Recorder<[ProgressResponse]>([])
        let progress: ProgressBlock = { reports.append($0) }
        let provider = MoyaProvider<StoreAPI>(callbackQueue: queue)
        let result: Result<Response, MoyaError> = await answer { finished in
            provider.request(.bytes(300_000), progress: progress, completion: finished)
        }
        #expect(try result.get().data.count == 300_000)
        let last = try #require(reports.value.last)
        #expect(last.completed && last.progress == 1 && last.response?.statusCode == 200)
    }

    // Moya: MoyaProviderType, MoyaProviderType.Target, MoyaProviderType.request(_:callbackQueue:progress:completion:)
    @Test func codeWrittenAgainstMoyaProviderTypeTakesAnyProvider() async throws {
        #expect(try await fetch(CannedProvider(), .plain).get().statusCode == 299)
        let stubbed = MoyaProvider<StoreAPI>(stubClosure: MoyaProvider.immediatelyStub)
        #expect(try await fetch(stubbed, .plain).get().data == StoreAPI.plain.sampleData)
    }

    // Moya: RequestInterceptor, Session
    @Test func anInterceptorOfTheSessionAdaptsEveryRequest() async throws {
        let session = Session(configuration: .default, startRequestsImmediately: false, interceptor: StampInterceptor())
        let provider = MoyaProvider<StoreAPI>(session: session)
        #expect(try echo(await answer(provider, .plain)).headers["x-stamp"] == "stamped")
    }
}
