import Courier

/// Tells whether a host (or the network) can be reached, and when that changes: Alamofire's
/// `NetworkReachabilityManager`.
///
/// ```swift
/// let manager = NetworkReachabilityManager(host: "api.example.com")
/// manager?.startListening { status in
///     banner.isHidden = status != .notReachable
/// }
/// ```
///
/// Without SystemConfiguration it judges from the machine itself, as follows:
/// - an interface counts when it is up and running (`IFF_UP` and `IFF_RUNNING`, from `getifaddrs`) and
///   has an IPv4 or IPv6 address; loopback interfaces apart from the others;
/// - a host is ``NetworkReachabilityStatus/reachable(_:)`` when `getaddrinfo` resolves it, and an
///   interface counts for one of its addresses: a loopback interface for a loopback address
///   (`127.0.0.1`, `::1`, `localhost`), another interface for any other address. A host that does not
///   resolve is ``NetworkReachabilityStatus/notReachable``; a name that cannot be a DNS name (empty
///   labels, spaces) is not looked up at all;
/// - without a host (``init()``), the network is reachable when an interface other than loopback
///   counts;
/// - ``NetworkReachabilityStatus/unknown`` when the interfaces cannot be read.
///
/// No packet is sent to the host, and a reachable host may still refuse connections. Resolving a name
/// may ask the system's DNS resolver, so reading ``status`` may block for as long as a lookup takes.
/// The connection type is always ``NetworkReachabilityStatus/ConnectionType/ethernetOrWiFi``: the
/// interface a route would take is not known.
open class NetworkReachabilityManager: @unchecked Sendable {
    /// Whether a host can be reached, and how.
    public enum NetworkReachabilityStatus: Equatable, Sendable {
        /// The machine's interfaces could not be read.
        case unknown
        /// The host does not resolve, or no interface can carry traffic to it.
        case notReachable
        /// The host can be reached over this kind of connection.
        case reachable(ConnectionType)

        /// The kind of connection a reachable host is reached over.
        public enum ConnectionType: Equatable, Sendable {
            /// Ethernet, Wi-Fi or loopback.
            case ethernetOrWiFi
            /// A cellular network.
            case cellular
        }
    }

    /// Called with the status when listening starts, and each time it changes.
    public typealias Listener = (NetworkReachabilityStatus) -> Void

    /// A manager for the network as a whole (``init()``).
    public static let `default` = NetworkReachabilityManager()

    /// How often, in seconds, a listening manager checks the status again.
    static let checkInterval = 3

    /// The queue the checks of a listening manager run on.
    public let reachabilityQueue = DispatchQueue(label: "org.alamofire.reachabilityQueue")

    /// The host checked, or `nil` for the network as a whole.
    private let host: String?
    private let state = Locked(ListeningState())

    private struct ListeningState {
        var listener: Listener?
        var listenerQueue: DispatchQueue?
        var previousStatus: NetworkReachabilityStatus?
        var timer: DispatchSourceTimer?
        /// Counts the starts and stops, so that a check begun before a stop reports nothing.
        var generation = 0
    }

    /// A manager for `host`, a name (`api.example.com`) or an address (`127.0.0.1`); `nil` when `host`
    /// is empty.
    ///
    /// - Parameter host: The host to check.
    public init?(host: String) {
        guard !host.isEmpty else { return nil }
        self.host = host
    }

    /// A manager for the network as a whole: reachable when an interface other than loopback is up.
    public init?() {
        host = nil
    }

    deinit {
        stopListening()
    }

    /// Whether the host can be reached at all.
    open var isReachable: Bool {
        if case .reachable = status { return true }
        return false
    }

    /// Whether the host can be reached over a cellular network (never, as the connection type is not
    /// known).
    open var isReachableOnCellular: Bool { status == .reachable(.cellular) }

    /// Whether the host can be reached over Ethernet or Wi-Fi (or loopback).
    open var isReachableOnEthernetOrWiFi: Bool { status == .reachable(.ethernetOrWiFi) }

    /// The status now, checked as this is read: see the checks above.
    open var status: NetworkReachabilityStatus {
        ReachabilityProbe.status(of: host)
    }

    /// Calls `listener` on `queue` with the status at once, then each time it changes, as checked
    /// every few seconds on ``reachabilityQueue``, until ``stopListening()``. A second call replaces the
    /// first listener.
    ///
    /// - Parameters:
    ///   - queue: Where `listener` runs. Default: the main queue.
    ///   - listener: Called with each new status.
    /// - Returns: Whether listening started: always `true`.
    @discardableResult
    open func startListening(
        onQueue queue: DispatchQueue = .main, onUpdatePerforming listener: @escaping Listener
    ) -> Bool {
        stopListening()
        let timer = DispatchSource.makeTimerSource(queue: reachabilityQueue)
        let generation = state.withLock { state in
            state.generation += 1
            state.listener = listener
            state.listenerQueue = queue
            state.timer = timer
            return state.generation
        }
        timer.setEventHandler { [weak self] in self?.check(generation) }
        timer.schedule(
            deadline: .now(), repeating: .seconds(Self.checkInterval), leeway: .milliseconds(500))
        timer.resume()
        return true
    }

    /// Stops the checks and lets the listener go; it is not called again.
    open func stopListening() {
        let timer = state.withLock { state in
            defer {
                state.generation += 1
                state.listener = nil
                state.listenerQueue = nil
                state.previousStatus = nil
                state.timer = nil
            }
            return state.timer
        }
        timer?.cancel()
    }

    /// Checks the status, and tells the listener when it changed.
    private func check(_ generation: Int) {
        let status = self.status
        let call = state.withLock { state -> (Listener, DispatchQueue)? in
            guard state.generation == generation, state.previousStatus != status,
                let listener = state.listener, let queue = state.listenerQueue
            else { return nil }
            state.previousStatus = status
            return (listener, queue)
        }
        guard let (listener, queue) = call else { return }
        let deliver = Unchecked(listener)
        queue.async { [weak self] in
            guard self?.state.withLock({ $0.generation == generation }) == true else { return }
            deliver.value(status)
        }
    }
}
