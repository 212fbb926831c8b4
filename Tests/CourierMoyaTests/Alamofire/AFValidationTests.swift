import CourierMoya
import Testing

/// `validate()` and its variants: a failed validation is `responseValidationFailed` in every handler.
@Suite struct AFValidationTests {
    private func reason(_ response: AFDataResponse<Data>) -> AFError.ResponseValidationFailureReason? {
        guard case .responseValidationFailed(let reason) = response.error else { return nil }
        return reason
    }

    @Test func validateRejectsAStatusOutside200To299() async {
        let response = await AFTest.value {
            AF.request(AFTest.url("/status/500")).validate().responseData(completionHandler: $0)
        }
        guard case .unacceptableStatusCode(let code) = reason(response) else {
            Issue.record("expected unacceptableStatusCode, got \(response.result)")
            return
        }
        #expect(code == 500)
        #expect(response.response?.statusCode == 500)
        #expect(response.data != nil)
    }

    @Test func validatePassesA2xxResponseOfAnAcceptedType() async {
        let response = await AFTest.value {
            AF.request(AFTest.url("/echo"), headers: ["Accept": "text/html, application/*"]).validate()
                .responseData(completionHandler: $0)
        }
        #expect(response.error == nil)
    }

    @Test func validateRejectsATypeTheAcceptHeaderDoesNotAllow() async {
        let response = await AFTest.value {
            AF.request(AFTest.url("/echo"), headers: ["Accept": "text/html"]).validate()
                .responseData(completionHandler: $0)
        }
        guard case .unacceptableContentType(let acceptable, let type) = reason(response) else {
            Issue.record("expected unacceptableContentType, got \(response.result)")
            return
        }
        #expect(acceptable == ["text/html"])
        #expect(type == "application/json")
    }

    @Test func validateStatusCodeTakesAnySequence() async {
        let range = await AFTest.value {
            AF.request(AFTest.url("/status/404")).validate(statusCode: 400..<500).responseData(completionHandler: $0)
        }
        #expect(range.error == nil)
        let set = await AFTest.value {
            AF.request(AFTest.url("/status/201")).validate(statusCode: Set([200])).responseData(completionHandler: $0)
        }
        guard case .unacceptableStatusCode(201) = reason(set) else {
            Issue.record("expected unacceptableStatusCode(201), got \(set.result)")
            return
        }
    }

    @Test func validateContentTypeMatchesWildcardsAndSkipsEmptyBodies() async {
        let wildcard = await AFTest.value {
            AF.request(AFTest.url("/echo")).validate(contentType: ["application/*"]).responseData(completionHandler: $0)
        }
        #expect(wildcard.error == nil)
        let rejected = await AFTest.value {
            AF.request(AFTest.url("/echo")).validate(contentType: ["image/png"]).responseData(completionHandler: $0)
        }
        #expect(rejected.error?.responseContentType == "application/json")
        let empty = await AFTest.value {
            AF.request(AFTest.url("/respond?status=204")).validate(contentType: ["image/png"])
                .responseData(completionHandler: $0)
        }
        #expect(empty.error == nil)
    }

    @Test func aCustomValidationSeesTheResponseAndItsErrorIsWrapped() async {
        struct Rejected: Error {}
        let seen = EventList<Int>()
        let response = await AFTest.value {
            AF.request(AFTest.url("/status/202"))
                .validate { _, response, data in
                    seen.append(response.statusCode)
                    return data == nil ? .success(()) : .failure(Rejected())
                }
                .responseData(completionHandler: $0)
        }
        #expect(seen.all == [202])
        guard case .customValidationFailed(let error) = reason(response) else {
            Issue.record("expected customValidationFailed, got \(response.result)")
            return
        }
        #expect(error is Rejected)
    }

    @Test func validationsRunInOrderUntilOneFails() async {
        let order = EventList<String>()
        let response = await AFTest.value {
            AF.request(AFTest.url("/status/500"))
                .validate { _, _, _ in
                    order.append("first")
                    return .success(())
                }
                .validate(statusCode: [200])
                .validate { _, _, _ in
                    order.append("third")
                    return .success(())
                }
                .responseData(completionHandler: $0)
        }
        #expect(order.all == ["first"])
        #expect(response.error?.responseCode == 500)
    }
}
