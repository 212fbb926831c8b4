import Courier
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `ReplayTransport` picks the recorded exchange that answers a request, and says why none does.
@Suite struct ReplayMatchingTests {
    @Test func queryOrderIsFreeAndAHiddenValueMatchesAnyValue() async throws {
        let (file, server) = try await recordCassette { provider, server in
            _ = try await provider.request(target(server, "/echo/q?page=1&token=abc&sort=name"))
        }

        let replayed = try await replaying(file).request(target(server, "/echo/q?sort=name&token=another&page=1"))

        #expect(replayed.statusCode == 200)
        #expect(String(decoding: replayed.data, as: UTF8.self).contains("/echo/q"))
    }

    @Test func anUnmatchedRequestFailsAtOnceNamingTheClosestExchanges() async throws {
        let (file, server) = try await recordCassette { provider, server in
            _ = try await provider.request(target(server, "/echo/q?page=1"))
            _ = try await provider.request(target(server, "/echo/other", method: .post))
        }

        let error = await #expect(throws: CourierError.self) {
            try await replaying(file).request(target(server, "/echo/q?page=2"))
        }

        guard case .noMatch(let request, _, let matchers, let closest) = cassetteError(of: error) else {
            Issue.record("not a missing match: \(String(describing: error))")
            return
        }
        #expect(request == "GET \(server.absoluteString)/echo/q?page=2")
        #expect(matchers == ["method", "URL"])
        #expect(closest.first?.entry == 1)
        #expect(closest.first?.reasons == [#"query item page is "2", recorded "1""#])
        #expect(closest.last?.reasons.count == 2)
        let sentence = try #require(error?.errorDescription)
        #expect(sentence.contains("recorded.har"))
        #expect(sentence.contains("entry 1, GET \(server.absoluteString)/echo/q?page=1"))
        #expect(sentence.contains("method GET, recorded POST"))
    }

    @Test func eachExchangeAnswersOnceUnlessRepeatsAreAllowed() async throws {
        let counter = Counter()
        let counting: @Sendable (ServerRequest) -> ServerResponse = { _ in
            counter.increment()
            return .json(["count": counter.value])
        }
        let (file, server) = try await recordCassette(handler: counting) { provider, server in
            for _ in 0..<2 { _ = try await provider.request(target(server, "/count")) }
        }
        func count(_ response: Response) throws -> Int? {
            try (JSONSerialization.jsonObject(with: response.data) as? [String: Int])?["count"]
        }

        let once = try replaying(file)
        #expect(try count(await once.request(target(server, "/count"))) == 1)
        #expect(try count(await once.request(target(server, "/count"))) == 2)
        let error = await #expect(throws: CourierError.self) { try await once.request(target(server, "/count")) }
        guard case .noMatch(_, _, _, let closest) = cassetteError(of: error) else {
            Issue.record("not a missing match: \(String(describing: error))")
            return
        }
        #expect(closest.first?.reasons.first?.contains("answered an earlier request") == true)

        let repeating = try replaying(file, allowsRepeats: true)
        var counts: [Int?] = []
        for _ in 0..<3 { counts.append(try count(await repeating.request(target(server, "/count")))) }
        #expect(counts == [1, 2, 2])
    }

    @Test func bodiesMatchAsJSONAsFormsAndPartByPart() async throws {
        let form = MultipartFormData(parts: [
            MultipartFormBodyPart(provider: .data(Data("Ann".utf8)), name: "name"),
            MultipartFormBodyPart(provider: .data(Data("secret".utf8)), name: "password"),
        ])
        let (file, server) = try await recordCassette { provider, server in
            _ = try await provider.request(
                target(
                    server, "/json", method: .post,
                    task: .requestParameters(
                        parameters: ["a": 1, "b": ["c": [1, 2]], "password": "one"], encoding: JSONEncoding.default)))
            _ = try await provider.request(
                target(
                    server, "/echo/form", method: .post,
                    task: .requestParameters(
                        parameters: ["a": 1, "b": 2], encoding: URLEncoding.httpBody)))
            _ = try await provider.request(
                target(server, "/echo/multipart", method: .post, task: .uploadMultipart(form)))
        }
        let provider = try replaying(file, matching: [.method, .url, .body])

        // Another spacing and key order, another password (hidden in the cassette): the same JSON.
        let json = try await provider.request(
            target(
                server, "/json", method: .post,
                task: .requestParameters(
                    parameters: ["password": "two", "b": ["c": [1, 2]], "a": 1], encoding: JSONEncoding.prettyPrinted)))
        #expect(json.statusCode == 200)
        _ = try await provider.request(
            target(
                server, "/echo/form", method: .post, task: .requestData(Data("b=2&a=1".utf8)),
                headers: ["Content-Type": "application/x-www-form-urlencoded"]))
        // A new random boundary, and another password in the hidden part.
        let other = MultipartFormData(parts: [
            MultipartFormBodyPart(provider: .data(Data("Ann".utf8)), name: "name"),
            MultipartFormBodyPart(provider: .data(Data("other".utf8)), name: "password"),
        ])
        #expect(form.boundary != other.boundary)
        _ = try await provider.request(target(server, "/echo/multipart", method: .post, task: .uploadMultipart(other)))

        let error = await #expect(throws: CourierError.self) {
            try await replaying(file, matching: [.method, .url, .body]).request(
                target(
                    server, "/json", method: .post,
                    task: .requestParameters(
                        parameters: ["a": 1, "b": ["c": [1, 3]], "password": "one"], encoding: JSONEncoding.default)))
        }
        guard case .noMatch(_, _, _, let closest) = cassetteError(of: error) else {
            Issue.record("not a missing match: \(String(describing: error))")
            return
        }
        #expect(closest.first?.reasons == ["JSON at key path b.c.1 is 3, recorded 2"])
    }

    @Test func chosenHeadersAndCustomMatchersTellExchangesApart() async throws {
        let (file, server) = try await recordCassette { provider, server in
            for language in ["en", "de"] {
                _ = try await provider.request(target(server, "/echo/h", headers: ["Accept-Language": language]))
            }
        }
        func language(_ response: Response) -> String? {
            (try? JSONDecoder().decode(Echo.self, from: response.data))?.headers["accept-language"]
        }

        let byHeader = try replaying(file, matching: [.method, .url, .headers("Accept-Language")])
        #expect(
            language(try await byHeader.request(target(server, "/echo/h", headers: ["Accept-Language": "de"]))) == "de")
        #expect(
            language(try await byHeader.request(target(server, "/echo/h", headers: ["Accept-Language": "en"]))) == "en")

        let byClosure = try replaying(
            file,
            matching: [
                .path,
                .custom("language") { request, recorded in
                    request.value(forHTTPHeaderField: "Accept-Language")
                        == recorded.value(forHTTPHeaderField: "accept-language")
                },
            ])
        #expect(
            language(try await byClosure.request(target(server, "/echo/h", headers: ["Accept-Language": "de"]))) == "de"
        )
        let error = await #expect(throws: CourierError.self) {
            try await byClosure.request(target(server, "/echo/h", headers: ["Accept-Language": "fr"]))
        }
        #expect(cassetteError(of: error)?.errorDescription?.contains("language does not match") == true)
    }

}
