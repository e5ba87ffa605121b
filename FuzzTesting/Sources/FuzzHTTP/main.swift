import FuzzSupport
@testable import HTTPServer
import PaywallServer

// The bytes a client sends on a connection, as serve reads them: request heads, bodies (Content-Length or chunked,
// trailers), pipelined requests, then each request answered by the service (routes, the token, query parameters,
// Accept-Language, If-None-Match, Accept-Encoding, JSON bodies, the console's pages). The input is the stream and where
// it is cut: its first byte says how many cuts (0-7) and which service answers (bit 3: the one without tokens, whose
// console is open), the bytes after it how far apart the cuts are (1-256 bytes each), as a socket may deliver it. The
// requests read are the same however the stream is cut; no answer is a 500 or carries a line break in a field.

/// Small limits, so that short inputs reach them (414, 431, 413).
let limits = RequestLimits(requestLineBytes: 512, headerBytes: 1024, bodyBytes: 2048)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = UnsafeBufferPointer(start: start, count: count)
    guard let cutCount = input.first.map({ Int($0 & 7) }), input.count > cutCount else { return 0 }
    let stream = input[(1 + cutCount)...]
    var whole = RequestStream(limits: limits)
    whole.receive(stream)
    var pieces = RequestStream(limits: limits)
    var position = stream.startIndex
    for cut in input[1..<(1 + cutCount)] {
        let end = min(position + Int(cut) + 1, stream.endIndex)
        pieces.receive(stream[position..<end])
        position = end
    }
    pieces.receive(stream[position...])
    precondition(pieces.items == whole.items, "cut otherwise, the stream reads otherwise:\n\(whole.items)\n\(pieces.items)")
    let service = input[0] & 8 == 0 ? ServiceUnderTest.service : ServiceUnderTest.openService
    for item in whole.items { check(answer(to: item, from: service)) }
    return 0
}

func answer(to item: RequestStream.Item, from service: PaywallService) -> HTTPResponse {
    switch item {
    case let .request(request): service.answer(request.httpRequest).waited()
    case let .refused(status, code, message): service.respond(toRefused: HTTPError(status: status, code: code, message: message))
    }
}

/// An answer serve can send: a status of its own, fields without line breaks, a head that writes.
func check(_ response: HTTPResponse) {
    precondition((200...599).contains(response.status) && response.status != 500, "answered \(response.status)")
    for (name, value) in response.headers {
        precondition(!(name + value).utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }, "field \(name): \(value)")
    }
    var head: [UInt8] = []
    ResponseHead.append(status: response.status, headers: response.headers, contentLength: response.body.count, version: .http11,
                        closing: false, date: Array("Thu, 01 Jan 2026 00:00:00 GMT".utf8), to: &head)
}

runFuzzer(fuzzHTTP)
