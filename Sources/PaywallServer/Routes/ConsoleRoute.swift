import HTTPServer

extension Route {
    /// `/console/` and every path under it: the console's pages (docs/contracts.md), never kept by a cache.
    static func console(_ console: Console) -> Route {
        Route("/console/", methods: ["GET", "HEAD", "POST"], caching: .live) { request, _ in console.answer(request) }
    }
}
