import CourierMoya
import Testing

// The expectations of Moya 15.0.3's MoyaProviderSpec. Where Moya's spec stubbed the network with
// OHHTTPStubs, these requests go to the spec server on 127.0.0.1 (`SpecServer`), which answers the
// same paths with the same bodies.

/// A provider whose every request is answered at once by its sample response.
@Suite struct ImmediateStubProviderSpecTests {
    let provider = MoyaProvider<GitHub>(stubClosure: MoyaProvider.immediatelyStub)

    @Test func theZenRequestIsAnsweredWithItsSampleDataBeforeRequestReturns() {
        let message = Recorder<String?>(nil)
        provider.request(.zen) { result in
            message.set(result.value.flatMap { String(data: $0.data, encoding: .utf8) })
        }
        #expect(message.value == SpecSamples.zen)
    }

    @Test func aStubbedResponseCarriesTheRequestItAnswers() {
        let request = Recorder<URLRequest?>(nil)
        provider.request(.zen) { result in
            request.set(result.value?.request)
        }
        #expect(request.value != nil)
        #expect(request.value?.url?.path == "/zen")
    }

    @Test func theUserProfileRequestIsAnsweredWithItsSampleData() {
        let target = GitHub.userProfile("ashfurrow")
        let message = Recorder<String?>(nil)
        provider.request(target) { result in
            message.set(result.value.flatMap { String(data: $0.data, encoding: .utf8) })
        }
        #expect(message.value == String(data: target.sampleData, encoding: .utf8))
    }

    @Test func theSameTargetGivesEndpointsWhoseRequestsAreEqual() throws {
        let first = try provider.endpoint(.zen).urlRequest()
        let second = try provider.endpoint(.zen).urlRequest()
        #expect(first == second)
    }

    @Test func aRequestHandsBackACancellableThatCanBeCancelled() {
        let cancellable: Cancellable = provider.request(.userProfile("ashfurrow")) { _ in }
        #expect(!cancellable.isCancelled)
        cancellable.cancel()
        #expect(cancellable.isCancelled)
    }

    @Test func theDefaultSessionDoesNotStartRequestsImmediately() {
        #expect(provider.session.startRequestsImmediately == false)
    }

    @Test func aCredentialsPluginIsAskedForAStubbedRequestEvenWhenItGivesNone() {
        let asked = Recorder(false)
        let plugin = CredentialsPlugin { _ -> URLCredential? in
            asked.set(true)
            return nil
        }
        let provider = MoyaProvider<HTTPBin>(stubClosure: MoyaProvider.immediatelyStub, plugins: [plugin])
        provider.request(.basicAuth) { _ in }
        #expect(asked.value)
    }

    @Test func aCredentialsPluginIsAskedForAStubbedRequestWhenItGivesACredential() {
        let asked = Recorder(false)
        let plugin = CredentialsPlugin { _ -> URLCredential? in
            asked.set(true)
            return URLCredential(user: "user", password: "passwd", persistence: .none)
        }
        let provider = MoyaProvider<HTTPBin>(stubClosure: MoyaProvider.immediatelyStub, plugins: [plugin])
        provider.request(.basicAuth) { _ in }
        #expect(asked.value)
    }

    @Test func aProviderKeepsTheSessionItIsGiven() {
        let session = Session()
        let provider = MoyaProvider<GitHub>(session: session)
        #expect(provider.session === session)
    }

    @Test func theNetworkActivityPluginHearsAStubbedRequestBegin() {
        let began = Recorder<GitHub?>(nil)
        let plugin = NetworkActivityPlugin { change, target in
            if change == .began { began.set(target as? GitHub) }
        }
        let provider = MoyaProvider<GitHub>(stubClosure: MoyaProvider.immediatelyStub, plugins: [plugin])
        provider.request(.zen) { _ in }
        #expect(began.value == .zen)
    }

    @Test func theNetworkActivityPluginHearsAStubbedRequestEnd() {
        let ended = Recorder<GitHub?>(nil)
        let plugin = NetworkActivityPlugin { change, target in
            if change == .ended { ended.set(target as? GitHub) }
        }
        let provider = MoyaProvider<GitHub>(stubClosure: MoyaProvider.immediatelyStub, plugins: [plugin])
        provider.request(.zen) { _ in }
        #expect(ended.value == .zen)
    }

    @Test func theVerboseLoggerLogsAStubbedRequestWithTheSessionHeadersAndTheSampleBody() async {
        let log = Recorder("")
        let plugin = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in log.update { $0 += items.joined() } }, logOptions: .verbose))
        let provider = MoyaProvider<GitHub>(stubClosure: MoyaProvider.immediatelyStub, plugins: [plugin])
        _ = await send(provider, .zen)

        let text = log.value
        #expect(text.contains("Request: \(urlString(GitHub.zen))"))
        #expect(text.contains("Request Headers: "))
        #expect(text.contains("User-Agent"))
        #expect(text.contains("Accept-Encoding"))
        #expect(text.contains("Accept-Language"))
        #expect(text.contains("HTTP Request Method: GET"))
        #expect(text.contains("Response: Received empty network response for zen."))
        #expect(text.contains("Response Body: \(SpecSamples.zen)"))
    }
}

/// A provider whose stubs answer after a delay, with a plugin that records what it hears.
@Suite struct DelayedStubProviderSpecTests {
    let delay: TimeInterval = 0.3
    let plugin = RecordingPlugin()
    let provider: MoyaProvider<GitHub>

    init() {
        provider = MoyaProvider<GitHub>(stubClosure: MoyaProvider.delayedStub(delay), plugins: [plugin])
    }

    @Test func aDelayedStubAnswersNoSoonerThanItsDelay() async {
        let start = Date()
        _ = await send(provider, .zen)
        // A lower bound only, with slack for the clock.
        #expect(Date().timeIntervalSince(start) >= delay * 0.9)
    }

    @Test func aDelayedStubCancelledBeforeItAnswersFailsWithACancellationError() async {
        let result = await answer { done in
            provider.request(.userProfile("ashfurrow")) { done($0) }.cancel()
        }
        #expect(result.error != nil)
        #expect(isURLCancellation(result.error), "\(result)")
    }

    @Test func thePluginsHearThatADelayedStubWasCancelled() async {
        _ = await answer { done in
            provider.request(.userProfile("ashfurrow")) { done($0) }.cancel()
        }
        #expect(plugin.result?.error != nil)
        #expect(isURLCancellation(plugin.result?.error))
    }

    @Test func thePluginsPrepareTheRequestBeforeTheyHearItIsSent() async {
        _ = await send(provider, .userProfile("ashfurrow"))
        #expect(plugin.request != nil)
        #expect(plugin.didPrepare)
    }

    @Test func aDelayedStubThatIsNotCancelledSucceeds() async {
        let result = await send(provider, .userProfile("ashfurrow"))
        #expect(result.error == nil, "\(result)")
    }

    @Test func thePluginsProcessTheResponseBeforeTheCompletionGetsIt() async {
        let result = await send(provider, .userProfile("ashfurrow"))
        #expect(result.value?.statusCode == -1)
    }
}

/// A provider whose request closure answers later, in front of delayed stubs.
///
/// Moya's spec orders the cancellation and the request closure's answer with timers (50, 100, 150 ms);
/// here the closure's answer is held until the test releases it, so that the order does not depend on
/// how loaded the machine is.
@Suite struct DelayedRequestClosureSpecTests {
    /// The request closure's answers that are waiting to be released.
    let parked = Recorder<[() -> Void]>([])
    let provider: MoyaProvider<GitHub>

    init() {
        let parked = parked
        let requestClosure: MoyaProvider<GitHub>.RequestClosure = { endpoint, done in
            parked.append {
                do {
                    done(.success(try endpoint.urlRequest()))
                } catch MoyaError.requestMapping(let url) {
                    done(.failure(MoyaError.requestMapping(url)))
                } catch {
                    done(.failure(MoyaError.parameterEncoding(error)))
                }
            }
        }
        provider = MoyaProvider<GitHub>(requestClosure: requestClosure, stubClosure: MoyaProvider.delayedStub(0.3))
    }

    /// Gives every held request closure its answer.
    func release() {
        var answers: [() -> Void] = []
        parked.update { held in
            answers = held
            held = []
        }
        for answer in answers { answer() }
    }

    @Test func aRequestWhoseRequestClosureAnswersLaterSucceeds() async {
        let result = await answer { done in
            provider.request(.userProfile("ashfurrow")) { done($0) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { release() }
        }
        #expect(result.error == nil, "\(result)")
    }

    @Test func aRequestCancelledAtOnceStillCallsItsCompletion() async {
        let result = await answer { done in
            let token = provider.request(.userProfile("ashfurrow")) { done($0) }
            token.cancel()
            release()
        }
        #expect(result.error != nil)
        #expect(isURLCancellation(result.error), "\(result)")
    }

    @Test func aRequestCancelledBeforeItsRequestIsMadeCallsItsCompletion() async {
        let result = await answer { done in
            let token = Recorder<Cancellable?>(provider.request(.userProfile("ashfurrow")) { done($0) })
            DispatchQueue.main.async {
                token.value?.cancel()
                release()
            }
        }
        #expect(result.error != nil)
        #expect(isURLCancellation(result.error), "\(result)")
    }

    @Test func aRequestCancelledBeforeItsResponseComesBackFails() async {
        let result = await answer { done in
            let token = provider.request(.userProfile("ashfurrow")) { done($0) }
            release()  // The request is made; the stub answers 0.3 s later.
            token.cancel()
        }
        #expect(result.error != nil)
        #expect(isURLCancellation(result.error), "\(result)")
    }
}
