import FixtureSupport
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Testing

/// A kept answer is found by its key (`RenderingCaches.AnswerKey`), so every field of a request must reach the key,
/// or two requests that differ in it would get one answer. `AnswerKey.inputs` declares, for each field, the members
/// that hold what the answer takes of it; this holds the declaration to the request's fields and the key's members
/// as they are, so that a field added to either without it fails here, by name.
@Suite struct AnswerKeyInputsTests {
    /// The stored fields of `value`, by path: the fields of a struct of the resolver (a request's `context`) by
    /// their own paths (`context.country`).
    static func fields(of value: Any, under path: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let name = path + (child.label ?? "?")
            let nested = Mirror(reflecting: child.value)
            guard nested.displayStyle == .struct, String(reflecting: type(of: child.value)).hasPrefix("PaywallResolver.") else { return [name] }
            return fields(of: child.value, under: name + ".")
        }
    }

    @Test func everyFieldOfARequestIsDeclaredAsAnInputOfTheKey() {
        let declared = Set(RenderingCaches.AnswerKey.inputs.map(\.key))
        let fields = Self.fields(of: ResolutionRequest(placementID: "onboarding"))
        #expect(fields.contains("context.country"), "\(fields)")
        for field in fields where !declared.contains(field) {
            let advice = "name the key's members that hold what the answer takes of it, adding one to the key if none does, "
                + "or requests that differ in it alone share one kept answer"
            Issue.record("ResolutionRequest.\(field) is not among AnswerKey.inputs: \(advice)")
        }
        for input in declared where !fields.contains(input) {
            Issue.record("AnswerKey.inputs names \(input), which ResolutionRequest does not have")
        }
    }

    @Test func everyMemberOfTheKeyHoldsADeclaredInputAndNoOther() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        let snapshot = try CompiledSnapshot(store: fixture.store, snapshot: #require(fixture.store.currentSnapshots().first),
                                            cacheBudget: RenderingCaches.defaultBudget)
        let request = ResolutionRequest(placementID: "settings", locales: ["pt-BR"], profileID: "profile-1")
        let choice = try snapshot.resolver.choose(request, at: #require(snapshot.placements["settings"]))
        let members = Set(Mirror(reflecting: snapshot.answerKey(of: request, given: choice)).children.compactMap(\.label))
        let reached = Set(RenderingCaches.AnswerKey.inputs.flatMap(\.value))
        for member in members where !reached.contains(member) {
            Issue.record("AnswerKey.\(member) is reached by no field of AnswerKey.inputs: name the request's fields it holds")
        }
        for member in reached where !members.contains(member) {
            Issue.record("AnswerKey.inputs reaches \(member), which AnswerKey does not hold")
        }
    }
}
