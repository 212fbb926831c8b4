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
            .jsonMapping(response), .stringMapping(response), .objectMapping(URLError(.unknown), response),
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
}
