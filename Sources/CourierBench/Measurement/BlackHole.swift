/// Consumes `value` in a way the optimizer cannot see through, so that the work producing it is kept.
///
/// `@_optimize(none)` stops the compiler from proving the call has no effect and deleting it together
/// with the computation of its argument.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}
