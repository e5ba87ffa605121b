import Glibc

extension HTTPServer {
    /// How the server listens, how many connections it holds and for how long, and how large a request
    /// may be and how long it may take.
    public struct Configuration: Sendable, Equatable {
        public var address: ListenAddress
        /// Threads, each an event loop over the connections it accepted.
        public var threads: Int
        /// Connections held at once; a client past them is answered 503 with `Retry-After` at once, and let go.
        public var maximumConnections: Int
        /// A connection silent this long is closed (a stalled client frees its place); one in the middle
        /// of a request is answered 408 first.
        public var connectionTimeoutSeconds: Int
        public var limits: RequestLimits
        public var deadlines: RequestDeadlines

        public init(address: ListenAddress = .loopbackDefault, threads: Int = Self.defaultThreads,
                    maximumConnections: Int = Self.defaultMaximumConnections,
                    connectionTimeoutSeconds: Int = Self.defaultConnectionTimeoutSeconds, limits: RequestLimits = RequestLimits(),
                    deadlines: RequestDeadlines = RequestDeadlines()) {
            self.address = address
            self.threads = threads
            self.maximumConnections = maximumConnections
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.limits = limits
            self.deadlines = deadlines
        }

        /// One thread per core.
        public static var defaultThreads: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
        public static let defaultMaximumConnections = 1_000
        public static let defaultConnectionTimeoutSeconds = 30
    }
}
