import Dispatch
import Glibc
import HTTPServer
import LocaleKit
import PaywallConsole
import PaywallEvents
import PaywallModel
import PaywallStore

/// The console under `/console/` (docs/contracts.md): HTML pages for operators, made from what the JSON routes
/// answer. Open when serve has no token; with the admin token, entered by a session the login form opens; with
/// the app token alone, closed. A GET never changes anything: only the login and logout forms POST.
final class Console: Sendable {
    private let tokens: ServiceTokens
    private let holder: SnapshotHolder
    private let sessions = ConsoleSessions()
    private let storePath: String
    private let deviceLocales: [String]
    private let coverage: DeviceCoverage
    private let reports: ConversionReports

    init(tokens: ServiceTokens, holder: SnapshotHolder, storePath: String, deviceLocales: [String], policy: LocalePolicy, reports: ConversionReports) {
        self.tokens = tokens
        self.holder = holder
        self.storePath = storePath
        self.deviceLocales = deviceLocales
        coverage = DeviceCoverage(deviceLocales: deviceLocales, policy: policy)
        self.reports = reports
    }

    /// Whether the path of these bytes is the console's: `/console`, or under `/console/`.
    static func owns(_ path: UnsafeRawBufferPointer) -> Bool {
        let prefix = "/console".utf8
        return path.starts(with: prefix) && (path.count == prefix.count || path[prefix.count] == UInt8(ascii: "/"))
    }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        let path = String(request.path)
        let method = request.method.name
        switch path {
        case "/console":
            return .now(ConsoleResponse.seeOther("/console/"))
        case ConsoleStylesheet.path:
            return .now(Self.reading(method) ?? ConsoleResponse.file(ConsoleStylesheet.text, contentType: "text/css; charset=utf-8"))
        case ConsoleIcon.path:
            return .now(Self.reading(method) ?? ConsoleResponse.file(ConsoleIcon.text, contentType: "image/svg+xml"))
        case "/console/login":
            return .now(method == "POST" ? logIn(request) : Self.reading(method) ?? loginForm(request))
        case "/console/logout":
            guard method == "POST" else {
                if let refusal = entryRefusal(request) ?? Self.reading(method) { return .now(refusal) }
                return .now(ConsoleResponse.page(.logout(hasSessions: tokens.consoleEntry == .session)))
            }
            sessions.end(cookieField: request.header("Cookie"))
            return .now(ConsoleResponse.seeOther("/console/", headers: [("Set-Cookie", ConsoleSessions.expiredCookie)]))
        default:
            if let refusal = entryRefusal(request) { return .now(refusal) }
            if let refusal = Self.reading(method) { return .now(refusal) }
            if path == "/console/report" { return report(request) }
            if path == "/console/snapshots" { return snapshots(request) }
            // Made off the event loop: a placement's page resolves a bundle per card and per device locale, milliseconds
            // that the loop's other connections would otherwise wait.
            let deferred = DeferredResponse()
            DispatchQueue.global(qos: .userInitiated).async { [self] in deferred.complete(with: page(path: path, request: request)) }
            return .later(deferred)
        }
    }

    /// The page at `path`, for a visitor let in.
    private func page(path: String, request: HTTPRequest) -> HTTPResponse {
        do throws(APIError) {
            let query = try QueryParameters(request.query)
            if path == "/console/" { return try overview(query) }
            if path == "/console/coverage" { return try coverage(query) }
            let placementPrefix = "/console/placements/"
            if path.hasPrefix(placementPrefix), !path.dropFirst(placementPrefix.count).contains("/"), path.count > placementPrefix.count {
                let id = try PercentDecoding.decode(path.dropFirst(placementPrefix.count), plusIsSpace: false)
                return try placement(id, query: query, request: request)
            }
            return ConsoleResponse.page(.notFound(path: path))
        } catch {
            return ConsoleResponse.page(.problem(status: error.status, title: "Cannot show this", message: error.message))
        }
    }

    private func overview(_ query: QueryParameters) throws(APIError) -> HTTPResponse {
        try query.refuseUnknown(allowed: ["q", "page"])
        let page = try query.count("page", in: 1...1_000_000) ?? 1
        guard let served = holder.served else { throw APIError.noSnapshotLoaded }
        let sources = (try? StoreStatus(of: PaywallStore.open(at: storePath, create: false), at: storePath).sources) ?? []
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return ConsoleResponse.page(OverviewPage(sources: sources, snapshots: served.compiled, coverage: coverage, filter: try query.value("q") ?? "", page: page, now: now.tv_sec * 1_000 + now.tv_nsec / 1_000_000).rendered)
    }

    private func coverage(_ query: QueryParameters) throws(APIError) -> HTTPResponse {
        try query.refuseUnknown(allowed: ["page"])
        let page = try query.count("page", in: 1...1_000_000) ?? 1
        guard let served = holder.served else { throw APIError.noSnapshotLoaded }
        return ConsoleResponse.page(CoveragePage(snapshots: served.compiled, coverage: coverage, page: page).rendered)
    }

    private func placement(_ id: String, query: QueryParameters, request: HTTPRequest) throws(APIError) -> HTTPResponse {
        try query.refuseUnknown(allowed: ["locales", "device", "country", "profile_id", "mode", "source"])
        guard let served = holder.served else { throw APIError.noSnapshotLoaded }
        /// A form's empty field says nothing.
        func value(_ name: String) throws(APIError) -> String? {
            try query.value(name).flatMap { $0.isEmpty ? nil : $0 }
        }
        var pageQuery = PlacementPage.Query(placementID: id)
        pageQuery.locales = (try value("locales") ?? "").split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        // A card each, and as many rows of the matrix: a page's work bounded, whatever the query says.
        guard pageQuery.locales.count <= PlacementPage.maximumCards else {
            throw .badRequest("\(pageQuery.locales.count) locales for locales: expected at most \(PlacementPage.maximumCards), a card each")
        }
        pageQuery.device = try value("device")
        pageQuery.country = try value("country")
        pageQuery.profileID = try value("profile_id")
        pageQuery.mode = try value("mode")
        pageQuery.source = try value("source")
        let origin = "http://" + (request.header("Host") ?? "HOST:PORT")
        return ConsoleResponse.page(PlacementPage(query: pageQuery, snapshots: served.compiled, deviceLocales: deviceLocales, origin: origin,
                                                  needsToken: tokens.guardsApps).rendered)
    }

    /// `/console/report?placement=&by=&since=&until=&format=`: the report `GET /v1/report` answers for the same query,
    /// made by the same reports (one at a time, kept until the events change), as a page or, with `format=csv`, as CSV
    /// (`format=daily-csv`: the first exposures per day).
    private func report(_ request: HTTPRequest) -> HTTPAnswer {
        let query: ReportQuery, parameters: QueryParameters, format: String
        do throws(APIError) {
            parameters = try QueryParameters(request.query)
            format = try parameters.value("format") ?? ""
            guard ["", "csv", "daily-csv"].contains(format) else {
                throw .badRequest("invalid value '\(format.prefix(64))' for format: expected csv or daily-csv")
            }
            query = try Route.reportQuery(parameters, others: ["format"], emptyIsAbsent: true)
        } catch {
            return .now(ConsoleResponse.page(.problem(status: error.status, title: "Cannot show this report", message: error.message)))
        }
        let given = { (name: String) in (try? parameters.value(name)).flatMap { $0?.isEmpty == false ? $0 : nil } }
        let (placement, groupBy, since, until) = (given("placement"), given("by"), given("since"), given("until"))
        let deferred = DeferredResponse()
        reports.report(query) { outcome in
            let body: KeptBody
            switch outcome {
            case let .success(kept): body = kept
            case let .failure(error):
                return deferred.complete(with: ConsoleResponse.page(.problem(status: error.status, title: "Cannot show this report", message: error.message)))
            }
            let page = ReportPage(report: Self.parsed(body) ?? .null, placement: placement, groupBy: groupBy, since: since, until: until)
            switch format {
            case "csv": deferred.complete(with: ConsoleResponse.file(page.csv, contentType: "text/csv; charset=utf-8"))
            case "daily-csv": deferred.complete(with: ConsoleResponse.file(page.dailyCSV, contentType: "text/csv; charset=utf-8"))
            default: deferred.complete(with: ConsoleResponse.page(page.rendered))
            }
        }
        return .later(deferred)
    }

    /// `/console/snapshots?from=&to=`: the store's snapshots, and with two keys what changed between them. Read and
    /// compared off the event loop: two exports are read whole.
    private func snapshots(_ request: HTTPRequest) -> HTTPAnswer {
        let keys: (from: String?, to: String?)
        do throws(APIError) {
            let query = try QueryParameters(request.query)
            try query.refuseUnknown(allowed: ["from", "to"])
            keys = (try query.value("from"), try query.value("to"))
        } catch {
            return .now(ConsoleResponse.page(.problem(status: error.status, title: "Cannot show these snapshots", message: error.message)))
        }
        let storePath = storePath
        let deferred = DeferredResponse()
        DispatchQueue.global(qos: .userInitiated).async {
            deferred.complete(with: ConsoleResponse.page(Self.snapshotsPage(storePath: storePath, from: keys.from, to: keys.to)))
        }
        return .later(deferred)
    }

    private static func snapshotsPage(storePath: String, from: String?, to: String?) -> ConsolePage {
        do throws(StoreError) {
            let store = try PaywallStore.open(at: storePath, create: false)
            let snapshots = try store.snapshots()
            guard let from, let to else { return SnapshotsPage(snapshots: snapshots, comparison: nil).rendered }
            guard let old = snapshots.first(where: { $0.key == from }), let new = snapshots.first(where: { $0.key == to }) else {
                let unknown = snapshots.contains { $0.key == from } ? to : from
                return .problem(status: 404, title: "No such snapshot", message: "no snapshot '\(unknown.prefix(64))': choose one the list has")
            }
            let changes = ExportDiff(from: try store.export(of: old), to: try store.export(of: new)).summary()
            return SnapshotsPage(snapshots: snapshots, comparison: (old, new, changes)).rendered
        } catch {
            let problem = error.kind == .missing ? APIError.noSnapshotLoaded : APIError(storeError: error)
            return .problem(status: problem.status, title: "Cannot show these snapshots", message: problem.message)
        }
    }

    /// A kept report's JSON, read back: the page shows what the JSON route sends, number for number.
    private static func parsed(_ body: KeptBody) -> JSONValue? {
        let bytes = body.segments.flatMap { Array($0) }
        return bytes.withUnsafeBytes { try? JSONParser.parse($0) }
    }

    /// Nil when the visitor may see the console's pages; else the login form, or why the console is closed.
    private func entryRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        switch tokens.consoleEntry {
        case .open: return nil
        case .closed: return ConsoleResponse.page(.closed)
        case .session: return sessions.isOpen(cookieField: request.header("Cookie")) ? nil : ConsoleResponse.page(.login())
        }
    }

    private func loginForm(_ request: HTTPRequest) -> HTTPResponse {
        switch tokens.consoleEntry {
        case .open: return ConsoleResponse.seeOther("/console/")
        case .closed: return ConsoleResponse.page(.closed)
        case .session:
            return sessions.isOpen(cookieField: request.header("Cookie")) ? ConsoleResponse.seeOther("/console/") : ConsoleResponse.page(.login())
        }
    }

    /// `POST /console/login` with `token=…` (a form's body): the admin token opens a session, and the browser goes
    /// to the placements with its cookie; anything else gets the form again with what was wrong.
    private func logIn(_ request: HTTPRequest) -> HTTPResponse {
        switch tokens.consoleEntry {
        case .open: return ConsoleResponse.seeOther("/console/")
        case .closed: return ConsoleResponse.page(.closed)
        case .session: break
        }
        let form = try? QueryParameters(Substring(decoding: request.body, as: UTF8.self))
        guard let token = try? form?.value("token"), !token.isEmpty else {
            return ConsoleResponse.page(.login(refusal: "Type the admin token to log in."))
        }
        guard tokens.isAdminToken(token) else {
            return ConsoleResponse.page(.login(refusal: "That is not this server's admin token."))
        }
        return ConsoleResponse.seeOther("/console/", headers: [("Set-Cookie", ConsoleSessions.cookie(sessions.start()))])
    }

    /// Nil for GET and HEAD, what the pages answer; else 405.
    private static func reading(_ method: String) -> HTTPResponse? {
        method == "GET" || method == "HEAD" ? nil : notAllowed(method, allowed: ["GET", "HEAD"])
    }

    private static func notAllowed(_ method: String, allowed: [String]) -> HTTPResponse {
        ConsoleResponse.page(.problem(status: 405, title: "Not allowed", message: "this page does not take \(method): it takes \(allowed.joined(separator: ", "))"),
                             headers: [("Allow", allowed.joined(separator: ", "))])
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
