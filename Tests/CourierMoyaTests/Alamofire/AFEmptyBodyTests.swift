import CourierMoya
import TestSupport
import Testing

/// The empty-body rules of the serializers: an empty body is a value only for 204, 205 and `HEAD`
/// (or the codes and methods given).
@Suite struct AFEmptyBodyTests {
    @Test func anEmptyBodyOf200FailsWithInputDataNilOrZeroLength() async {
        let response = await AFTest.value { AF.request(AFTest.url("/respond")).responseData(completionHandler: $0) }
        #expect(response.response?.statusCode == 200)
        #expect(response.data == nil)
        guard case .responseSerializationFailed(.inputDataNilOrZeroLength) = response.error else {
            Issue.record("expected inputDataNilOrZeroLength, got \(response.result)")
            return
        }
    }

    @Test func anEmptyBodyOf204IsEmptyDataAnEmptyStringAndNSNull() async {
        let url = AFTest.url("/respond?status=204")
        let data = await AFTest.value { AF.request(url).responseData(completionHandler: $0) }
        #expect(data.value == Data())
        let string = await AFTest.value { AF.request(url).responseString(completionHandler: $0) }
        #expect(string.value == "")
        let json = await AFTest.value { AF.request(url).responseJSON(completionHandler: $0) }
        #expect(json.value is NSNull)
    }

    @Test func anEmptyBodyDecodesAsEmptyButNotAsAnotherType() async {
        let url = AFTest.url("/respond?status=205")
        let empty = await AFTest.value { AF.request(url).responseDecodable(of: Empty.self, completionHandler: $0) }
        #expect(empty.value != nil)
        let echo = await AFTest.value { AF.request(url).responseDecodable(of: Echo.self, completionHandler: $0) }
        guard case .responseSerializationFailed(.invalidEmptyResponse(let type)) = echo.error else {
            Issue.record("expected invalidEmptyResponse, got \(echo.result)")
            return
        }
        #expect(type.contains("Echo"))
    }

    @Test func aHEADResponseMayBeEmpty() async {
        let response = await AFTest.value {
            AF.request(AFTest.url("/echo"), method: .head).responseData(completionHandler: $0)
        }
        #expect(response.response?.statusCode == 200)
        #expect(response.value == Data())
    }

    @Test func theEmptyCodesAndMethodsCanBeChanged() async {
        let ok = await AFTest.value {
            AF.request(AFTest.url("/respond")).responseData(emptyResponseCodes: [200], completionHandler: $0)
        }
        #expect(ok.value == Data())
        let head = await AFTest.value {
            AF.request(AFTest.url("/echo"), method: .head).responseString(
                emptyRequestMethods: [], completionHandler: $0)
        }
        #expect(head.error?.isResponseSerializationError == true)
    }

    @Test func aPreprocessorRunsBeforeTheSerializer() async {
        let body = ")]}',\n[1,2]".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = await AFTest.value {
            AF.request(AFTest.url("/respond?body=\(body)")).responseDecodable(
                of: [Int].self, dataPreprocessor: GoogleXSSIPreprocessor(), completionHandler: $0)
        }
        #expect(response.value == [1, 2])
    }
}
