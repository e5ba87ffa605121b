import Digests
import Testing

@Suite struct DigestTests {
    @Test(arguments: [
        ("", Digest.Algorithm.md5, "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", .md5, "900150983cd24fb0d6963f7d28e17f72"),
        ("abc", .sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", .sha256, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func matchesTheStandardVectors(_ text: String, _ algorithm: Digest.Algorithm, _ expected: String) {
        #expect(Digest.hex(Digest.bytes(of: text, using: algorithm)) == expected)
    }

    /// FIPS 180-2's two-block vector, fed in uneven pieces, twice through one context.
    @Test(arguments: [Digest.Algorithm.md5, .sha256])
    func aContextFedInPiecesGivesTheDigestOfTheWholeAndStartsAfresh(_ algorithm: Digest.Algorithm) {
        let text = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        let context = Digest.Context(algorithm)
        var digests: [UInt8] = []
        for _ in 0..<2 {
            for piece in [0..<1, 1..<1, 1..<30, 30..<text.count] {
                text[piece].withUnsafeBytes { context.update($0) }
            }
            context.finish(appendingTo: &digests)
        }
        let whole = text.withUnsafeBytes { Digest.bytes(of: $0, using: algorithm) }
        #expect(digests == whole + whole)
        if algorithm == .sha256 {
            #expect(Digest.hex(whole) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        }
    }
}
