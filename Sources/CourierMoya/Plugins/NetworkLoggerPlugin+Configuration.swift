extension NetworkLoggerPlugin {
    /// What a ``NetworkLoggerPlugin`` logs, how it writes it, and where it goes: Moya's shape.
    public struct Configuration {
        /// Receives the entries of one event (a request, or a response) in a single call.
        public typealias OutputType = (_ target: TargetType, _ items: [String]) -> Void

        /// Turns entries and bodies into text.
        public var formatter: Formatter
        /// Where the entries go.
        public var output: OutputType
        /// What is logged.
        public var logOptions: LogOptions

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - formatter: Turns entries and bodies into text. Default: a ``Formatter`` with its defaults.
        ///   - output: Where the entries go. Default: ``defaultOutput(target:items:)``, the standard output.
        ///   - logOptions: What is logged. Default: ``LogOptions/default``.
        public init(
            formatter: Formatter = Formatter(), output: @escaping OutputType = defaultOutput,
            logOptions: LogOptions = .default
        ) {
            self.formatter = formatter
            self.output = output
            self.logOptions = logOptions
        }

        /// Prints each item on a line of its own.
        public static func defaultOutput(target: TargetType, items: [String]) {
            for item in items {
                print(item, separator: ",", terminator: "\n")
            }
        }
    }
}

extension NetworkLoggerPlugin.Configuration {
    /// Which parts of a request and its response are logged.
    public struct LogOptions: OptionSet, Sendable {
        /// The bits of the options.
        public let rawValue: Int

        /// Creates options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The request's method.
        public static let requestMethod = LogOptions(rawValue: 1 << 0)
        /// The request's body.
        public static let requestBody = LogOptions(rawValue: 1 << 1)
        /// The request's headers.
        public static let requestHeaders = LogOptions(rawValue: 1 << 2)
        /// The request as one `curl` command (method, headers and body included), in place of the other
        /// request entries.
        public static let formatRequestAscURL = LogOptions(rawValue: 1 << 3)
        /// The body of a response that is a success.
        public static let successResponseBody = LogOptions(rawValue: 1 << 4)
        /// The body of a response that came with an error.
        public static let errorResponseBody = LogOptions(rawValue: 1 << 5)

        /// Method and headers.
        public static let `default`: LogOptions = [requestMethod, requestHeaders]
        /// Method, headers, request body and response bodies.
        public static let verbose: LogOptions = [
            requestMethod, requestHeaders, requestBody, successResponseBody, errorResponseBody,
        ]
    }

    /// Turns a ``NetworkLoggerPlugin``'s entries and bodies into text.
    public struct Formatter {
        /// Turns a body into text.
        public typealias DataFormatterType = (Data) -> (String)
        /// Makes one entry from its identifier (such as `Request Headers`), its message and the target.
        public typealias EntryFormatterType = (_ identifier: String, _ message: String, _ target: TargetType) -> String

        /// Makes each entry.
        public var entry: EntryFormatterType
        /// Turns request bodies into text.
        public var requestData: DataFormatterType
        /// Turns response bodies into text.
        public var responseData: DataFormatterType

        /// Creates a formatter.
        ///
        /// - Parameters:
        ///   - entry: Makes each entry. Default: ``defaultEntryFormatter(identifier:message:target:)``.
        ///   - requestData: Turns request bodies into text. Default: ``defaultDataFormatter(_:)``.
        ///   - responseData: Turns response bodies into text. Default: ``defaultDataFormatter(_:)``.
        public init(
            entry: @escaping EntryFormatterType = defaultEntryFormatter,
            requestData: @escaping DataFormatterType = defaultDataFormatter,
            responseData: @escaping DataFormatterType = defaultDataFormatter
        ) {
            self.entry = entry
            self.requestData = requestData
            self.responseData = responseData
        }

        /// The body as UTF-8 text, or `## Cannot map data to String ##`.
        public static func defaultDataFormatter(_ data: Data) -> String {
            String(data: data, encoding: .utf8) ?? "## Cannot map data to String ##"
        }

        /// `Moya_Logger: [<date and time, short>] <identifier>: <message>`.
        public static func defaultEntryFormatter(identifier: String, message: String, target: TargetType) -> String {
            "Moya_Logger: [\(Date().formatted(date: .numeric, time: .shortened))] \(identifier): \(message)"
        }
    }
}
