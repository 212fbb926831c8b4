/// What the command line asks for.
struct BenchOptions: Sendable {
    /// The cases that can be picked with `--only`, in the order they run.
    static let caseNames = ["build", "encoding", "plugins", "loopback", "transfers", "stubs", "streams"]

    /// The short run: fewer rounds and 64 MiB transfers.
    var quick = false
    /// The clock of the in-process cases: process CPU time unless `--clock wall`.
    var clock = BenchClock.cpu
    /// The cases to run; all of them unless `--only` names some.
    var cases = Set(caseNames)
    /// Set when this process is a transfer child (the hidden `--child` argument).
    var child: ChildRequest?
    /// The loop to profile (`--profile NAME [ITERATIONS]`), and its iteration count if given.
    var profile: (name: String, iterations: Int?)?
    /// Whether to print the usage and stop.
    var showUsage = false

    /// The usage text.
    static let usage = """
        usage: courier-bench [--quick] [--only CASE[,CASE...]] [--clock cpu|wall]
               courier-bench --profile LOOP [ITERATIONS]

          --quick    a run of under a minute: fewer rounds, 64 MiB transfers instead of 1 GiB
          --only     run only these cases: \(caseNames.joined(separator: ", "))
          --clock    the clock of the in-process cases (1, 2, 3, 6): cpu (default, the process's CPU
                     time, robust on a shared machine) or wall (monotonic wall time)
          --profile  run one side of one case in a loop, for callgrind or perf; the loops:
                     \(ProfileLoop.loops.map(\.name).joined(separator: ", "))

        Prints a table of Courier against hand-written code (URLSession; libcurl's own C loop for the
        transports, and nginx as a second server when /usr/sbin/nginx is installed). The exit status is 0
        even when a target is missed: this is a measurement, not a test.
        """

    /// Reads the options from `arguments`, the first being the executable.
    init(arguments: [String]) throws(BenchFailure) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--only":
                guard let list = rest.popFirst() else { throw BenchFailure("--only needs a case list") }
                let names = list.split(separator: ",").map(String.init)
                for name in names where !Self.caseNames.contains(name) {
                    throw BenchFailure("unknown case \(name); the cases are \(Self.caseNames)")
                }
                cases = Set(names)
            case "--clock":
                guard let name = rest.popFirst(), let clock = BenchClock(rawValue: name) else {
                    throw BenchFailure("--clock needs cpu or wall")
                }
                self.clock = clock
            case "--profile":
                guard let name = rest.popFirst() else { throw BenchFailure("--profile needs a loop name") }
                var iterations: Int?
                if let next = rest.first, let count = Int(next) {
                    iterations = count
                    rest.removeFirst()
                }
                profile = (name, iterations)
            case ChildRequest.flag:
                guard let request = ChildRequest(arguments: rest) else {
                    throw BenchFailure("malformed child arguments: \(Array(rest))")
                }
                child = request
                rest = []
            case "-h", "--help":
                showUsage = true
            default:
                throw BenchFailure("unknown argument \(argument)")
            }
        }
    }
}
