@testable import HTTPServer
import Testing

@Suite("--listen HOST:PORT")
struct ListenAddressTests {
    @Test(arguments: [("127.0.0.1:8787", "127.0.0.1", 8787, "http://127.0.0.1:8787"), ("0.0.0.0:0", "0.0.0.0", 0, "http://0.0.0.0:0"),
                      ("[::1]:0", "::1", 0, "http://[::1]:0"), ("[::]:65535", "::", 65535, "http://[::]:65535")])
    func literalsAndPorts(_ text: String, host: String, port: Int, url: String) throws {
        let address = try #require(ListenAddress(parsing: text))
        #expect(address.host == host)
        #expect(Int(address.port) == port)
        #expect(address.url == url)
    }

    @Test(arguments: ["localhost:8787", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "::1:8787", "[127.0.0.1]:80",
                      "[::1]", "256.0.0.1:80", ":8787", "127.0.0.1:８０", "127.0.0.1:+80"])
    func anythingElseIsRefused(_ text: String) {
        #expect(ListenAddress(parsing: text) == nil)
    }
}
