import Basics

/// How an answer's body is sent to a request (RFC 9110 §8.4): gzip when the request accepts it
/// (`Accept-Encoding`, q-values honoured) and the body is worth it, else as it is.
package enum ContentCoding: Equatable {
    case identity
    case gzip

    /// Smaller bodies gain less than gzip's own header costs, unless the request refuses them plain.
    package static let minimumGzipBytes = 1024
    /// Larger bodies are gzipped on another thread (this many bytes take zlib about half a millisecond): the event
    /// loop answers its other connections meanwhile.
    package static let largestBodyGzippedOnTheLoop = 16 * 1024

    /// The coding for a body of `count` bytes, for a request whose `Accept-Encoding` field is `field`.
    package init(forBodyOf count: Int, accepting field: String?) {
        let accepted = AcceptedCodings(field)
        self = accepted.gzip > 0 && (count > Self.minimumGzipBytes || accepted.identity == 0) ? .gzip : .identity
    }

    /// The `Content-Encoding` field the coding calls for (none for identity).
    package var headers: [(name: String, value: String)] {
        self == .gzip ? [("Content-Encoding", "gzip")] : []
    }

    /// The entity tag of the representation in this coding: a strong tag names one representation
    /// (RFC 9110 §8.8.3), so the gzip one is the plain one's with `-gzip` inside its quotes.
    package func entityTag(of plainTag: String) -> String {
        // On its bytes: the tag is ASCII, and dropping a Character would look for grapheme breaks.
        self == .gzip ? String(decoding: plainTag.utf8.dropLast(), as: UTF8.self) + "-gzip\"" : plainTag
    }
}

/// The q-values an `Accept-Encoding` field gives gzip and identity: an absent field accepts identity
/// alone; `*` stands for any coding not named; a coding with `q=0` is refused.
struct AcceptedCodings {
    private(set) var gzip = 0.0
    private(set) var identity = 1.0

    init(_ field: String?) {
        guard var field else { return }
        var named: (gzip: Double?, identity: Double?, any: Double?) = (nil, nil, nil)
        field.withUTF8 { utf8 in
            UnsafeRawBufferPointer(utf8).forEachWeightedElement { coding, weight in
                // Codings have no case (RFC 9110 §8.4.1).
                if coding.equalsIgnoringCase("gzip") || coding.equalsIgnoringCase("x-gzip") {
                    named.gzip = weight
                } else if coding.equalsIgnoringCase("identity") {
                    named.identity = weight
                } else if coding.elementsEqual("*".utf8) {
                    named.any = weight
                }
            }
        }
        gzip = named.gzip ?? named.any ?? 0
        identity = named.identity ?? named.any.map { $0 == 0 ? 0 : 1 } ?? 1
    }
}
