/// Runs `total` operations on `concurrency` workers, each running its share one after another.
func runConcurrently(
    total: Int, concurrency: Int, _ operation: @escaping @Sendable () async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<concurrency {
            let share = total / concurrency + (worker < total % concurrency ? 1 : 0)
            guard share > 0 else { continue }
            group.addTask {
                for _ in 0..<share {
                    try await operation()
                }
            }
        }
        try await group.waitForAll()
    }
}
