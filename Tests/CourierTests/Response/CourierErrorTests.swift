import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every error case says what went wrong, and carries its response where one arrived.
@Suite struct CourierErrorTests {
    private let response = Response(statusCode: 422, data: Data("bad".utf8))

    private var allCases: [CourierError] {
        [
            .jsonMapping(response), .stringMapping(response),
            .objectMapping(URLError(.unknown), response),
            .encodableMapping(URLError(.unknown)), .statusCode(response), .underlying(URLError(.timedOut), response),
            .underlying(URLError(.timedOut), nil), .requestMapping("::"),
            .parameterEncoding(ParameterEncodingError("no NaN")),
        ]
    }

    @Test func everyCaseHasADescription() {
        let descriptions = allCases.compactMap(\.errorDescription)
        #expect(descriptions.count == allCases.count)
        #expect(descriptions.allSatisfy { !$0.isEmpty })
        #expect(Set(descriptions).count == descriptions.count)
        #expect(CourierError.statusCode(response).errorDescription?.contains("422") == true)
        #expect(
            CourierError.parameterEncoding(ParameterEncodingError("no NaN")).errorDescription?.contains("no NaN")
                == true)
    }

    @Test func responseIsAttachedWhereOneArrived() {
        let withResponse = allCases.filter { $0.response != nil }
        #expect(withResponse.count == 5)
        #expect(withResponse.allSatisfy { $0.response === response })
        #expect(CourierError.requestMapping("x").response == nil)
    }

    @Test func cancellationIsRecognised() {
        #expect(CourierError.underlying(URLError(.cancelled), nil).isCancelled)
        #expect(CourierError.underlying(CancellationError(), nil).isCancelled)
        #expect(!CourierError.underlying(URLError(.timedOut), nil).isCancelled)
        #expect(!CourierError.statusCode(response).isCancelled)
        #expect(CourierError.underlying(CancellationError(), nil).errorDescription == "The request was cancelled.")
    }

    @Test func theUnderlyingErrorIsTheWrappedOne() {
        #expect(
            (CourierError.underlying(URLError(.timedOut), response).underlyingError as? URLError)?.code == .timedOut)
        #expect(CourierError.statusCode(response).underlyingError == nil)
        #expect(CourierError.statusCode(response).failureReason == nil)
        #expect(
            CourierError.objectMapping(ParameterEncodingError("bad"), response).failureReason?.contains("bad") == true)
    }

    /// An exhaustive switch over the eight cases compiles and reaches each.
    @Test func anExhaustiveSwitchNamesEveryCase() {
        func summary(_ error: CourierError) -> String {
            switch error {
            case .jsonMapping(let response): "json \(response.statusCode)"
            case .stringMapping(let response): "string \(response.statusCode)"
            case .objectMapping(_, let response): "object \(response.statusCode)"
            case .encodableMapping: "encodable"
            case .statusCode(let response): "status \(response.statusCode)"
            case .underlying(_, let response): "underlying \(response?.statusCode ?? 0)"
            case .requestMapping(let url): "request \(url)"
            case .parameterEncoding: "parameters"
            }
        }
        #expect(
            allCases.map(summary) == [
                "json 422", "string 422", "object 422", "encodable", "status 422", "underlying 422", "underlying 0",
                "request ::", "parameters",
            ])
    }
}
