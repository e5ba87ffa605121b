import Foundation
import PaywallModel
@testable import PaywallStore
import Testing

/// The binary form of stored bodies: every body of a real export reads back as the value it was, and a
/// damaged body is an error that says where, never a crash or a wrong value taken for a right one.
@Suite struct BinaryBodyTests {
    /// Every body the fixture export stores, as the store writes them.
    static let bodies: [JSONValue] = {
        let export = Fixture.export()
        return export.segments.map(\.stored) + export.placements.map(\.stored) + export.products.map(\.stored)
            + export.paywalls.flatMap { paywall in [StoredPaywall(paywall, localeIdentity: nil).stored] + paywall.localizations.map(\.stored) }
    }()

    /// Values at the edges of the layout: empty containers and texts, escapes and NUL, lengths that take
    /// several bytes, number literals kept as written.
    static let edges: [JSONValue] = [
        .null, .bool(true), .bool(false), .number("49.90"), .number("-1e-7"), .string(""), .string("\u{0}\"\\\n"),
        .string("中文 · العربية · 😀"), .string(String(repeating: "x", count: 127)), .string(String(repeating: "y", count: 128)),
        .string(String(repeating: "z", count: 20_000)), .array([]), .object(JSONObject()),
        .array((0..<300).map { .number(String($0)) }),
        .object(JSONObject([JSONObject.Member(key: "", value: .null), JSONObject.Member(key: "a", value: .array([.object(JSONObject())])),
                            JSONObject.Member(key: "a", value: .bool(true))])),
    ]

    @Test func everyBodyOfAnExportReadsBackAsItWas() throws {
        #expect(Self.bodies.count > 10)
        for body in Self.bodies + Self.edges {
            let encoded = BinaryBody.encoded(body)
            #expect(encoded.first == BinaryBody.marker)
            #expect(try decoded(encoded) == body)
        }
    }

    /// JSON text, as older stores hold it, is still read; the marker never starts JSON text.
    @Test func jsonTextIsReadAsBefore() throws {
        for body in Self.bodies + Self.edges {
            #expect(try decoded(Array(body.rendered().utf8)) == body)
            #expect(Array(body.rendered().utf8).first != BinaryBody.marker)
        }
    }

    @Test func everyTruncationIsAnErrorThatSaysWhere() throws {
        let encoded = BinaryBody.encoded(.array(Self.bodies))
        for length in 1..<encoded.count {
            #expect {
                try decoded(Array(encoded.prefix(length)))
            } throws: { error in
                let reason = (error as? StorageDecodingError)?.reason ?? ""
                return reason.hasPrefix("damaged binary body at byte ") && (reason.hasSuffix("ends early") || reason.hasSuffix("past the end"))
            }
        }
    }

    /// Any byte changed to any value: the body decodes to something or is refused, and never crashes.
    @Test func anyChangedByteIsReadOrRefusedWithoutACrash() throws {
        let encoded = BinaryBody.encoded(Self.bodies[0])
        var refused = 0
        for position in 1..<encoded.count {
            for value: UInt8 in [0x00, 0x06, 0x07, 0x7F, 0x80, 0xFF] {
                var damaged = encoded
                damaged[position] = value
                do { _ = try decoded(damaged) } catch { refused += 1 }
            }
        }
        #expect(refused > 0)
    }

    @Test(arguments: [
        ([BinaryBody.marker, 9], "damaged binary body at byte 1: unknown tag 9"),
        ([BinaryBody.marker, 4, 0xE8, 0x07, 0x61], "damaged binary body at byte 2: a length of 1000 past the end"),
        ([BinaryBody.marker, 0, 0], "damaged binary body at byte 2: bytes after the value"),
        ([BinaryBody.marker, 5] + [UInt8](repeating: 0xFF, count: 10), "damaged binary body at byte 2: a length too long"),
    ])
    func aDamagedBodySaysWhatAndWhere(_ bytes: [UInt8], _ message: String) throws {
        #expect {
            try decoded(bytes)
        } throws: { error in
            (error as? StorageDecodingError)?.reason == message
        }
    }

    @Test func nestingIsBounded() throws {
        func nested(_ depth: Int) -> JSONValue { (0..<depth).reduce(JSONValue.null) { inner, _ in .array([inner]) } }
        #expect(try decoded(BinaryBody.encoded(nested(BinaryBody.maximumDepth - 1))) == nested(BinaryBody.maximumDepth - 1))
        #expect {
            try decoded(BinaryBody.encoded(nested(BinaryBody.maximumDepth)))
        } throws: { error in
            (error as? StorageDecodingError)?.reason == "damaged binary body at byte 513: nesting deeper than 256"
        }
    }

    private func decoded(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBytes { bytes in Result { () throws(StorageDecodingError) in try JSONValue.stored(bytes) } }.get()
    }
}
