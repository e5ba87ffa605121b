import FixtureSupport
@testable import PaywallModel
import Testing

/// Over many random documents, the value hash and `JSONValue.isEquivalent` agree: spelled otherwise,
/// the same; changed anywhere, different.
@Suite struct ValueHasherPropertyTests {
    @Test func randomDocumentsSpelledOtherwiseOrChanged() throws {
        var random = RandomJSON(generator: SplitMix64(state: 2026))
        var respelled = 0
        for _ in 0..<500 {
            let value = random.value()
            let one = random.spelling(of: value), other = random.spelling(of: value)
            let hash = try valueHash(value.rendered())
            #expect(try valueHash(one) == hash, "\(one)")
            #expect(try valueHash(other) == hash, "\(other)")
            #expect(try JSONParser.parse(one).isEquivalent(to: JSONParser.parse(other)))
            if one != other { respelled += 1 }

            let changed = random.changed(value)
            #expect(try valueHash(random.spelling(of: changed)) != hash, "\(value.rendered()) changed to \(changed.rendered())")
            #expect(!changed.isEquivalent(to: value), "\(value.rendered()) changed to \(changed.rendered())")
        }
        // Only empty documents have one spelling.
        #expect(respelled > 400)
    }
}
