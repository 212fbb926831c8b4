import Foundation

// courier-bench: Courier against hand-written URLSession code and libcurl's own C loop, side by side in one
// run. See BENCHMARKS.md.

let options: BenchOptions
do {
    options = try BenchOptions(arguments: CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("courier-bench: \(error)\n\n\(BenchOptions.usage)\n".utf8))
    exit(2)
}

if options.showUsage {
    print(BenchOptions.usage)
    exit(0)
}

exit(
    runBlocking {
        if let profile = options.profile {
            do {
                try await ProfileLoop.run(name: profile.name, iterations: profile.iterations)
                return 0
            } catch {
                FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
                return 1
            }
        }
        if let child = options.child {
            return await TransferChild.run(child)
        }
        await BenchSuite(options: options).run()
        return 0
    })
