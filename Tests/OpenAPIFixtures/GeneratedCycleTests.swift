import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Schemas that are parts of themselves (`Cycles`, a document the project wrote): the generator once
/// crashed or ran for minutes on them, or wrote Swift that did not compile or read itself forever. The
/// generated code compiles with this target; here it sends and reads them back from a real server.
@Suite struct GeneratedCycleTests {
    /// Every kind of self-reference goes out and comes back: what is only itself as any value, a union
    /// without the choice that was itself, lists and maps of themselves (or of each other) as lists and
    /// maps of any value, actors that are `allOf` their own union, and a ring of unions each `allOf` the others.
    @Test func valuesOfSchemasThatArePartsOfThemselvesGoOutAndComeBack() async throws {
        let server = try GeneratedEdgeCaseTests.mirror()
        defer { server.stop() }
        let provider = GeneratedEdgeCaseTests.provider(server, for: Cycles.Holders.self)
        #expect(Cycles.Holders.samples.count == 1)
        let sent = try OpenAPICoding.decoder().decode(
            Cycles.Holder.self,
            from: Data(
                #"""
                {"itself": {"a": 1}, "pair": 2, "choice": "text", "nest": {"x": true}, "lists": [[[]]],
                 "maps": {"a": {"b": {}}}, "mapsOfEachOther": {"a": {"b": {"c": 1}}},
                 "listsOfEachOther": [[[[["x"]]]]], "actor": {"id": "7", "email": "a@example.com"},
                 "wide": {"p0": "zero", "p5": "five"}}
                """#.utf8))
        let holder = try await provider.echoHolder(body: sent)
        #expect(holder.itself == .object(["a": .integer(1)]))
        #expect(holder.pair == .integer(2))
        guard case .string("text") = holder.choice else {
            Issue.record("the choice of text is \(String(describing: holder.choice))")
            return
        }
        guard case .unknown(.object(let nest)) = holder.nest else {
            Issue.record("the nest of no choice is \(String(describing: holder.nest))")
            return
        }
        #expect(nest == ["x": .bool(true)])
        #expect(holder.lists == [.array([.array([])])])
        #expect(holder.maps == ["a": .object(["b": .object([:])])])
        // Maps and lists of each other: the second of each holds any value.
        #expect(holder.mapsOfEachOther == ["a": ["b": .object(["c": .integer(1)])]])
        #expect(holder.listsOfEachOther == [[[.array([.array([.string("x")])])]]])
        guard case .agent(let agent) = holder.actor else {
            Issue.record("the actor is \(String(describing: holder.actor))")
            return
        }
        #expect(agent.id == "7" && agent.email == "a@example.com")
        #expect(holder.wide?.p0 == "zero" && holder.wide?.p5 == "five")
    }
}
