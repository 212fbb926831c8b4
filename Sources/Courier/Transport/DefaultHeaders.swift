import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The header fields Courier sends when neither the request nor the transport's configuration sets
/// them: the same on every transport, so that a server sees the same request whichever carries it.
///
/// Nothing else is added for the caller: no transport, and not libcurl, may invent a header (libcurl's
/// default form `Content-Type` for a POST is removed; a body without a `Content-Type` goes without one).
/// `Accept-Encoding` is the transport's own, as it must name the decoders it has: on Linux both
/// transports go through libcurl and send the same list.
enum DefaultHeaders {
    /// `<program> Courier/<version>`.
    static let userAgent = "\(ProcessInfo.processInfo.processName) Courier/\(courierVersion)"
    /// Any type.
    static let accept = "*/*"
    /// The language of the current locale, as URLSession sends it.
    static let acceptLanguage = Locale.current.language.languageCode?.identifier ?? "en"

    /// The fields, in the order they are added.
    static let fields: [(name: String, lowercased: String, value: String)] = [
        ("User-Agent", "user-agent", userAgent),
        ("Accept", "accept", accept),
        ("Accept-Language", "accept-language", acceptLanguage),
    ]
}
