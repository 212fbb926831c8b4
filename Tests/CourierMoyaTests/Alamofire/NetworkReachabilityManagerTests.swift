import CourierMoya
import Testing

/// `NetworkReachabilityManager` on the machine's own interfaces; nothing is sent anywhere.
@Suite struct NetworkReachabilityManagerTests {
    @Test func theLoopbackAddressIsReachable() throws {
        let manager = try #require(NetworkReachabilityManager(host: "127.0.0.1"))
        #expect(manager.status == .reachable(.ethernetOrWiFi))
        #expect(manager.isReachable)
        #expect(manager.isReachableOnEthernetOrWiFi)
        #expect(!manager.isReachableOnCellular)
    }

    @Test func aHostThatCannotResolveIsNotReachable() throws {
        let manager = try #require(NetworkReachabilityManager(host: "no..such.host.invalid"))
        #expect(manager.status == .notReachable)
        #expect(!manager.isReachable)
        #expect(!manager.isReachableOnEthernetOrWiFi)
    }

    @Test func anEmptyHostMakesNoManager() {
        #expect(NetworkReachabilityManager(host: "") == nil)
    }

    @Test func theStatusesCompare() {
        typealias Status = NetworkReachabilityManager.NetworkReachabilityStatus
        #expect(Status.reachable(.cellular) != Status.reachable(.ethernetOrWiFi))
        #expect(Status.unknown != Status.notReachable)
        #expect(Status.reachable(.cellular) == .reachable(.cellular))
    }

    @Test func listeningReportsTheStatusAtOnceOnTheQueue() async throws {
        let manager = try #require(NetworkReachabilityManager(host: "127.0.0.1"))
        let queue = AFTest.queue(named: "reachability")
        let (status, queueName) = await AFTest.value { done in
            var isFirst = true
            let started = manager.startListening(onQueue: queue) { status in
                guard isFirst else { return }
                isFirst = false
                done((status, AFTest.currentQueueName))
            }
            #expect(started)
        }
        manager.stopListening()
        #expect(status == .reachable(.ethernetOrWiFi))
        #expect(queueName == "reachability")
    }

    @Test func stoppingLetsTheListenerGoAndAStartReportsAgain() async throws {
        final class Token {}
        let manager = try #require(NetworkReachabilityManager(host: "no..such.host.invalid"))
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let first = await AFTest.value { done in
                manager.startListening(onQueue: AFTest.queue(named: "first")) { status in
                    _ = token
                    done(status)
                }
            }
            #expect(first == .notReachable)
        }
        let second = await AFTest.value { done in
            manager.startListening(onQueue: AFTest.queue(named: "second")) { done($0) }
        }
        #expect(second == .notReachable)
        manager.stopListening()
        try await _Concurrency.Task.sleep(nanoseconds: 100_000_000)
        #expect(released == nil)
    }

    @Test func aListeningManagerThatGoesAwayIsReleased() async throws {
        weak var released: NetworkReachabilityManager?
        do {
            let manager = try #require(NetworkReachabilityManager(host: "127.0.0.1"))
            released = manager
            _ = await AFTest.value { done in manager.startListening { done($0) } }
        }
        try await _Concurrency.Task.sleep(nanoseconds: 100_000_000)
        #expect(released == nil)
    }
}
