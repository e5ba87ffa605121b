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
}
