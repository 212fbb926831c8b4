import Courier
import Foundation
import Testing

/// `Redaction` hides the values of secret headers and fields, and nothing else.
@Suite struct RedactionTests {
    private let redaction = Redaction.default

    @Test func queryValuesOfSecretFieldsAreHidden() throws {
        let url = try #require(
            URL(string: "https://api.example.com/search?q=swift&access_token=abc&page=2&Client_Secret=x&flag"))
        #expect(
            redaction.redactedURL(url)
                == "https://api.example.com/search?q=swift&access_token=<redacted>&page=2&Client_Secret=<redacted>&flag"
        )
    }

    @Test func fragmentValuesAndUserInfoPasswordsAreHidden() throws {
        let url = try #require(URL(string: "https://ann:hunter2@example.com/cb?state=1#id_token=abc&type=bearer"))
        #expect(
            redaction.redactedURL(url)
                == "https://ann:<redacted>@example.com/cb?state=1#id_token=<redacted>&type=bearer")
    }

    @Test func urlWithoutSecretsIsUnchanged() throws {
        let url = try #require(URL(string: "https://api.example.com/items?page=2&sort=name#top"))
        #expect(redaction.redactedURL(url) == url.absoluteString)
    }

    @Test func formFieldsArePercentDecodedBeforeMatching() {
        let form = "user%5Bname%5D=ann&user%5Bpassword%5D=p%40ss&%61pi_key=k&new+passwd=x&remember=1&smsCode=1234"
        #expect(
            redaction.redactedQuery(form)
                == "user%5Bname%5D=ann&user%5Bpassword%5D=<redacted>&%61pi_key=<redacted>&new+passwd=<redacted>"
                + "&remember=1&smsCode=<redacted>")
    }

    @Test func formBodyIsRedactedAndKeepsItsOrder() {
        let body = Data("username=ann&password=hunter2&remember=1".utf8)
        let redacted = redaction.redactedBody(body, contentType: "application/x-www-form-urlencoded; charset=utf-8")
        #expect(String(decoding: redacted, as: UTF8.self) == "username=ann&password=<redacted>&remember=1")
    }

    @Test func jsonIsRedactedAtEveryDepthAndWrittenWithSortedKeys() {
        let body = Data(
            #"""
            {"user": "ann", "auth": {"refresh_token": "r1", "scopes": ["read"]},
             "items": [{"id": 1, "client_secret": "x"}, [{"apiKey": 7}]], "password": null, "note": "a/b"}
            """#.utf8)
        let redacted = redaction.redactedBody(body, contentType: "application/json")
        #expect(
            String(decoding: redacted, as: UTF8.self)
                == #"{"auth":{"refresh_token":"<redacted>","scopes":["read"]},"#
                + #""items":[{"client_secret":"<redacted>","id":1},[{"apiKey":"<redacted>"}]],"#
                + #""note":"a/b","password":null,"user":"ann"}"#)
    }

    @Test func jsonIsRecognizedWithoutAContentType() {
        let body = Data(#"  [{"token":"abc"}]"#.utf8)
        #expect(
            String(decoding: redaction.redactedBody(body, contentType: nil), as: UTF8.self)
                == #"[{"token":"<redacted>"}]"#)
    }

    @Test func jsonWithoutSecretsKeepsItsBytes() {
        let body = Data(#"{"z": 1, "a": [true, 0.5]}"#.utf8)
        #expect(redaction.redactedBody(body, contentType: "application/json") == body)
    }

    @Test func queriesAndJSONInsideJSONStringsAreRedacted() {
        let body = Data(
            #"{"query":"token=abc&page=2","body":"{\"password\":\"p\",\"user\":\"ann\"}","headers":{"authorization":"Bearer x","x-api-key":"k","accept":"*/*"}}"#
                .utf8)
        #expect(
            String(decoding: redaction.redactedBody(body, contentType: "application/json"), as: UTF8.self)
                == #"{"body":"{\"password\":\"<redacted>\",\"user\":\"ann\"}","#
                + #""headers":{"accept":"*/*","authorization":"<redacted>","x-api-key":"<redacted>"},"#
                + #""query":"token=<redacted>&page=2"}"#)
    }

    @Test func bodiesThatNameNoSecretAreReturnedAsTheyAre() {
        let bodies = [
            #"{"note": "[50% off]", "title": "sale", "log": "[INFO] 100% done"}"#, "page=2&q=a%20b", "plain text",
        ]
        for body in bodies {
            #expect(redaction.redactedBody(Data(body.utf8), contentType: nil) == Data(body.utf8))
        }
    }

    @Test func escapedNamesAreFoundToo() {
        let json = Data(#"{"pass\u0077ord": "x", "ok": 1}"#.utf8)
        #expect(
            String(decoding: redaction.redactedBody(json, contentType: "application/json"), as: UTF8.self)
                == #"{"ok":1,"password":"<redacted>"}"#)
        #expect(redaction.redactedQuery("%54OKEN=x&a=1") == "%54OKEN=<redacted>&a=1")
    }

    @Test func malformedJSONThatNamesASecretIsHiddenWhole() {
        let body = Data(#"{"password":"hunter2", "#.utf8)
        #expect(
            String(decoding: redaction.redactedBody(body, contentType: "application/json"), as: UTF8.self)
                == "<redacted> (\(body.count) bytes of JSON that could not be parsed)")
    }

    @Test func binaryBodiesAreReturnedAsTheyAre() {
        let body = Data([0xFF, 0xD8, 0xFF, 0x3D, 0x00])
        #expect(redaction.redactedBody(body, contentType: nil) == body)
    }

    @Test func headersAreMatchedIgnoringCase() {
        let headers = [
            "authorization": "Bearer abc", "COOKIE": "session=1", "Set-Cookie": "id=2", "x-api-key": "k",
            "X-Auth-Token": "t", "X-Client-Secret": "s", "Proxy-Authorization": "Basic p", "Accept": "*/*",
            "Content-Type": "application/json",
        ]
        #expect(
            redaction.redactedHeaders(headers) == [
                "authorization": "<redacted>", "COOKIE": "<redacted>", "Set-Cookie": "<redacted>",
                "x-api-key": "<redacted>", "X-Auth-Token": "<redacted>", "X-Client-Secret": "<redacted>",
                "Proxy-Authorization": "<redacted>", "Accept": "*/*", "Content-Type": "application/json",
            ])
        #expect(redaction.hidesHeader("API-KEY"))
        #expect(!redaction.hidesHeader("Accept-Language"))
    }

    @Test func noneLeavesEverything() throws {
        let none = Redaction.none
        let url = try #require(URL(string: "https://ann:pw@example.com/x?token=abc#secret=1"))
        #expect(none.redactedURL(url) == url.absoluteString)
        #expect(none.redactedQuery("password=p&token=t") == "password=p&token=t")
        let json = Data(#"{"password":"p","nested":{"token":"t"}}"#.utf8)
        #expect(none.redactedBody(json, contentType: "application/json") == json)
        #expect(none.redactedHeaders(["Authorization": "Bearer abc"]) == ["Authorization": "Bearer abc"])
        #expect(!none.hidesHeader("Cookie"))
        #expect(!none.hidesField("password"))
    }

    @Test func namesAndReplacementAreConfigurable() {
        let custom = Redaction(headerNames: ["X-Pin"], fieldNames: ["PIN"], replacement: "***")
        #expect(
            custom.redactedHeaders(["x-pin": "1", "Authorization": "a"]) == ["x-pin": "***", "Authorization": "a"])
        #expect(custom.redactedQuery("card_pin=1234&password=p") == "card_pin=***&password=p")
        let extended = Redaction.default.adding(fieldNames: ["pin"])
        #expect(extended.redactedQuery("pin=1&password=p&user=ann") == "pin=<redacted>&password=<redacted>&user=ann")
    }

    @Test func messagesWithQueryPairsAreRedacted() {
        #expect(
            redaction.redactedText("could not reach https://h/p?a=1&token=abc&b=2")
                == "could not reach https://h/p?a=1&token=<redacted>&b=2")
        #expect(redaction.redactedText("The request was cancelled.") == "The request was cancelled.")
    }
}
