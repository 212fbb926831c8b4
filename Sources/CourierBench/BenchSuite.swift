import Foundation
import LoopbackServer

/// Runs the selected cases one after another and prints the table.
struct BenchSuite {
    let options: BenchOptions

    private var budget: Budget { options.quick ? .quick : .full }

    func run() async {
        let start = Stopwatch.now()
        let mode = options.quick ? "quick (transfers of \(budget.transferSizeText))" : "full"
        print("courier-bench, \(mode) run")
        print("machine: \(MachineInfo.summary())")
        print("load average at start: \(MachineInfo.loadAverage())")
        print(
            "clock of the in-process cases (1, 2, 3, 6): "
                + (options.clock == .cpu
                    ? "process CPU time (robust to other load on the machine; `--clock wall` for wall time)"
                    : "monotonic wall time (`--clock cpu` for process CPU time)"))
        print("")

        let micro = PairedBenchmark(rounds: budget.rounds, sampleSeconds: budget.sampleSeconds, clock: options.clock)
        var outcomes: [CaseOutcome] = []
        let server: LoopbackServer
        do {
            server = try LoopbackServer()
        } catch {
            print("cannot start the loopback server: \(error)")
            return
        }
        defer { server.stop() }

        let steps: [(String, () async throws -> CaseOutcome)] = [
            ("build", { try await RequestBuildingCase.run(micro) }),
            ("encoding", { try await EncodingCase.run(micro) }),
            ("plugins", { try await PluginChainCase.run(micro) }),
            ("loopback", { try await LoopbackCase.run(server: server, budget: budget) }),
            ("transfers", { try await TransferCase.run(server: server, budget: budget) }),
            ("stubs", { try await StubCase.run(micro) }),
        ]
        for (name, step) in steps where options.cases.contains(name) {
            FileHandle.standardError.write(Data("courier-bench: running \(name)…\n".utf8))
            let caseStart = Stopwatch.now()
            do {
                outcomes.append(try await step())
            } catch {
                outcomes.append(
                    CaseOutcome(
                        rows: [.failed(name, goal: .timeInfo, reason: "\(error)")],
                        definition: "\(name): failed before it could measure."))
            }
            FileHandle.standardError.write(
                Data("courier-bench: \(name) took \(Format.duration(Stopwatch.seconds(since: caseStart)))\n".utf8))
        }

        print(TablePrinter(rows: outcomes.flatMap(\.rows)).render())
        print("")
        for outcome in outcomes where !outcome.details.isEmpty {
            print(outcome.details.joined(separator: "\n"))
            print("")
        }
        print("Ratios: time ratio = Courier time / baseline time (lower is better); rate ratio = Courier rate /")
        print("baseline rate (higher is better); each is the median of per-round ratios of paired, alternating")
        print(
            "rounds (\(budget.rounds) rounds in process, \(budget.loopbackRounds) over loopback, "
                + "\(budget.transferRounds) per transfer). \"Other clock\" is the time ratio of the same samples "
                + "read on the other clock (wall or process CPU), as a check on noise.")
        print("")
        print("What is measured:")
        for outcome in outcomes {
            print("- " + outcome.definition)
        }
        let notes = outcomes.flatMap(\.notes)
        if !notes.isEmpty {
            print("")
            print("Notes:")
            for note in notes {
                print("- " + note)
            }
        }
        print("")
        let wallTime = Format.duration(Stopwatch.seconds(since: start))
        print("load average at end: \(MachineInfo.loadAverage()); wall time \(wallTime)")
    }
}
