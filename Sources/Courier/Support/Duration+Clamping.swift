extension Duration {
    /// `seconds` as a wait for `Task.sleep(for:)`: zero when negative or not a number, at most a day,
    /// so that no delay a user or a server gives can trap or hold a request for longer.
    static func seconds(clamping seconds: Double) -> Duration {
        guard seconds > 0 else { return .zero }
        return .seconds(min(seconds, 86_400))
    }
}
