#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`): its runtime is
/// linked in, so its entry point can be found.
///
/// Tests that hold a thousand threads at once (one per connection) hold them fewer under the sanitizer,
/// which tracks every thread: with all tests in parallel, a thousand more threads in the process made the
/// sanitizer's own bookkeeping the bottleneck of every other test for tens of seconds.
package let isThreadSanitized: Bool = {
    #if canImport(Darwin)
        let everyLoadedImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
        let everyLoadedImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(everyLoadedImage, "__tsan_init") != nil
}()
