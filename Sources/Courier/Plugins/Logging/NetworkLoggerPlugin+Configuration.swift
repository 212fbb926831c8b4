import Foundation

extension NetworkLoggerPlugin {
    /// How the logger writes its entries, where they go, what they contain and what they hide.
    public struct Configuration: Sendable {
        /// Receives the entries of one event (a request attempt, or a response) in a single call.
        public typealias OutputType = @Sendable (_ target: any TargetType, _ items: [String]) -> Void

        /// Turns entries and bodies into text.
        public var formatter: Formatter
        /// Where the entries go.
        public var output: OutputType
        /// What is logged.
        public var logOptions: LogOptions
        /// What is hidden, in every entry: URLs, headers, bodies and `curl` commands.
        public var redaction: Redaction
        /// The longest body text logged, in bytes; a longer one is cut and marked with the body's size.
        public var maximumBodyLength: Int

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - formatter: Turns entries and bodies into text. Default: a ``Formatter`` with its defaults.
        ///   - output: Where the entries go. Default: ``defaultOutput(target:items:)``, standard error.
        ///   - logOptions: What is logged. Default: ``LogOptions/default``.
        ///   - redaction: What is hidden. Default: ``Redaction/default``.
        ///   - maximumBodyLength: The longest body text logged, in bytes. Default: 4096.
        public init(
            formatter: Formatter = Formatter(), output: @escaping OutputType = Configuration.defaultOutput,
            logOptions: LogOptions = .default, redaction: Redaction = .default, maximumBodyLength: Int = 4096
        ) {
            self.formatter = formatter
            self.output = output
            self.logOptions = logOptions
            self.redaction = redaction
            self.maximumBodyLength = maximumBodyLength
        }

        /// Writes each item and a line break to standard error, all items of one event in one write so
        /// that concurrent requests do not interleave their lines.
        @Sendable public static func defaultOutput(target: any TargetType, items: [String]) {
            var text = ""
            for item in items {
                text += item
                text += "\n"
            }
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Turns the logger's entries and bodies into text.
    public struct Formatter: Sendable {
        /// Makes one entry from its identifier (such as `Request Headers`), its message and the target.
        public typealias EntryFormatterType =
            @Sendable (_ identifier: String, _ message: String, _ target: any TargetType) -> String
        /// Makes the text of a body. It receives the body after redaction.
        public typealias DataFormatterType = @Sendable (_ data: Data) -> String

        /// Makes each entry.
        public var entry: EntryFormatterType
        /// Makes the text of request bodies.
        public var requestData: DataFormatterType
        /// Makes the text of response bodies.
        public var responseData: DataFormatterType

        /// Creates a formatter.
        ///
        /// - Parameters:
        ///   - entry: Makes each entry. Default: ``defaultEntryFormatter(identifier:message:target:)``.
        ///   - requestData: Makes the text of request bodies. Default: ``defaultDataFormatter(_:)``.
        ///   - responseData: Makes the text of response bodies. Default: ``defaultDataFormatter(_:)``.
        public init(
            entry: @escaping EntryFormatterType = Formatter.defaultEntryFormatter,
            requestData: @escaping DataFormatterType = Formatter.defaultDataFormatter,
            responseData: @escaping DataFormatterType = Formatter.defaultDataFormatter
        ) {
            self.entry = entry
            self.requestData = requestData
            self.responseData = responseData
        }

        /// `[Courier] 2025-01-31T09:30:00.123Z Request Headers: …`: the time in UTC, the identifier and
        /// the message.
        @Sendable public static func defaultEntryFormatter(identifier: String, message: String, target: any TargetType)
            -> String
        {
            "[Courier] \(LogTimestamp.now()) \(identifier): \(message)"
        }

        /// The data as UTF-8 text, or `<N bytes of binary data>` when it is not UTF-8.
        @Sendable public static func defaultDataFormatter(_ data: Data) -> String {
            String(data: data, encoding: .utf8) ?? LogText.binary(byteCount: data.count)
        }
    }

    /// What the logger writes for each request and response.
    public struct LogOptions: OptionSet, Sendable {
        /// The bits of the options.
        public let rawValue: Int

        /// Creates options from their bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// A `HTTP Request Method` entry with the method.
        public static let requestMethod = LogOptions(rawValue: 1 << 0)
        /// A `Request Body` entry with the (redacted) request body.
        public static let requestBody = LogOptions(rawValue: 1 << 1)
        /// A `Request Headers` entry with the (redacted) request headers.
        public static let requestHeaders = LogOptions(rawValue: 1 << 2)
        /// The whole request as one (redacted) `curl` command, in place of the other request entries.
        public static let formatRequestAscURL = LogOptions(rawValue: 1 << 3)
        /// A `Response Body` entry for responses with a status below 400.
        public static let successResponseBody = LogOptions(rawValue: 1 << 4)
        /// A `Response Body` entry for responses with a status of 400 or more, and for errors that carry a
        /// response.
        public static let errorResponseBody = LogOptions(rawValue: 1 << 5)

        /// A `Metrics` entry with the transfer's one-line timing breakdown (``TransferMetrics/summary``),
        /// when the transport measured it.
        public static let metrics = LogOptions(rawValue: 1 << 6)

        /// Nothing beyond the two entries every request gets: `Request: GET <url>` when it is sent and
        /// `Response: 200 GET <url> (12 ms)` (or the error) when it ends, one line each.
        public static let `default`: LogOptions = []
        /// Everything except ``formatRequestAscURL``: method, headers and bodies of requests and responses,
        /// and the transfer's metrics.
        public static let verbose: LogOptions = [
            .requestMethod, .requestHeaders, .requestBody, .successResponseBody, .errorResponseBody, .metrics,
        ]
    }
}
