import Digests
import HTTPServer

/// docs/openapi.json, the description of every route, as `GET /v1/openapi.json` sends it: its text is built into the
/// binary (`text`, made by the EmbedOpenAPIDocument plugin), kept once with its gzip form, and tagged by its digest.
enum OpenAPIDocument {
    /// Its gzip form is made with it, when the service starts, rather than on an event loop at the first request.
    static let body: KeptBody = {
        let body = KeptBody(Array(text.utf8))
        _ = body.representation(accepting: "gzip")
        return body
    }()
    /// Strong: the bytes sent are always these, and their digest changes with any of them.
    static let entityTag = "\"" + Digest.hex(Digest.bytes(of: text, using: .sha256), count: 16) + "\""
}

extension Route {
    /// `GET /v1/openapi.json`: this service described in OpenAPI 3.1, open to anyone (it tells what the routes are, not
    /// what they hold), with a strong `ETag` (`If-None-Match` → 304) and gzipped when the request accepts it (its own tag).
    static let openAPIDocument = Route("/v1/openapi.json", methods: ["GET", "HEAD"], caching: .revalidated) { request, _ in
        do throws(APIError) {
            try QueryParameters(request.query).refuseUnknown(allowed: [])
        } catch {
            return error.response
        }
        let (body, codingHeaders) = OpenAPIDocument.body.representation(accepting: request.header("Accept-Encoding"))
        let coding: ContentCoding = codingHeaders.isEmpty ? .identity : .gzip
        let entityTag = coding.entityTag(of: OpenAPIDocument.entityTag)
        guard !EntityTags(request.header("If-None-Match")).contains(entityTag) else {
            return HTTPResponse(status: 304, headers: [("ETag", entityTag)])
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", HTTPResponse.jsonContentType), ("ETag", entityTag)] + codingHeaders, body: .kept(body))
    }
}
