@testable import HTTPServer
import Testing

@Suite("Request target: visible ASCII without a fragment, checked eight bytes at a time")
struct RequestTargetTests {
    /// Every byte value at every place of targets of 1 to 24 bytes (words, their tails, both): refused exactly when the
    /// byte is not visible ASCII or is `#`, with the byte named.
    @Test func everyByteAtEveryPlaceIsJudgedAlike() {
        let method = Array("GET".utf8)
        var judged = 0
        for length in 1...24 {
            for place in 0..<length {
                for value in 0...255 {
                    var target = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    target[0] = UInt8(ascii: "/")
                    target[place] = UInt8(value)
                    let byte = UInt8(value)
                    let visible = (0x21...0x7E).contains(byte)
                    let refused = method.withUnsafeBytes { method in
                        target.withUnsafeBytes { target in
                            do throws(HTTPError) {
                                _ = try RequestTarget.checked(target, method: method)
                                return nil as HTTPError?
                            } catch {
                                return error
                            }
                        }
                    }
                    let bad = !visible || byte == UInt8(ascii: "#") || (place == 0 && byte != UInt8(ascii: "/"))
                    if bad != (refused != nil) {
                        Issue.record("byte \(value) at \(place) of \(length): \(refused?.message ?? "taken")")
                        return
                    }
                    if !visible, let refused {
                        #expect(refused.message.contains("has the byte"), "\(refused.message)")
                    }
                    judged += 1
                }
            }
        }
        #expect(judged == 256 * (1...24).reduce(0, +))
    }
}
