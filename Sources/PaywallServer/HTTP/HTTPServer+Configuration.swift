import Glibc

extension HTTPServer {
    /// How the server listens, how many connections it holds and for how long, and how large a request
    /// may be.
    public struct Configuration: Sendable, Equatable {
        public var address: ListenAddress
        /// Threads, each an event loop over its share of the connections.
        public var threads: Int
        /// Connections held at once; more wait in the listen backlog until one closes.
        public var maximumConnections: Int
        /// A connection silent this long is closed (a stalled client frees its place); one in the middle
        /// of a request is answered 408 first.
        public var connectionTimeoutSeconds: Int
        public var limits: RequestLimits

        public init(address: ListenAddress = .loopbackDefault, threads: Int = Self.defaultThreads,
                    maximumConnections: Int = Self.defaultMaximumConnections,
                    connectionTimeoutSeconds: Int = Self.defaultConnectionTimeoutSeconds, limits: RequestLimits = RequestLimits()) {
            self.address = address
            self.threads = threads
            self.maximumConnections = maximumConnections
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.limits = limits
        }

        /// One thread per core.
        public static var defaultThreads: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
        public static let defaultMaximumConnections = 1_000
        public static let defaultConnectionTimeoutSeconds = 30
    }
}
