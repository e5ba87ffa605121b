import Glibc

extension HTTPServer {
    /// How the daemon listens, how many connections it holds and for how long, and how large a request
    /// may be. libmicrohttpd's own defaults have no timeout; these are explicit.
    public struct Configuration: Sendable, Equatable {
        public var address: ListenAddress
        /// Threads of the pool, each with its own epoll loop over its share of the connections.
        public var threads: Int
        /// Connections held at once; more wait in the listen backlog until one closes.
        public var maximumConnections: Int
        /// A connection idle this long is closed (a stalled client frees its place).
        public var connectionTimeoutSeconds: Int
        /// Memory each connection may use for the request head and its answer's head. It is set well
        /// above `limits`, so that a head over them still reaches the server and gets its JSON error;
        /// only a head past this memory gets libmicrohttpd's own 414 or 431.
        public var connectionMemoryLimit: Int
        public var limits: RequestLimits

        public init(address: ListenAddress = .loopbackDefault, threads: Int = Self.defaultThreads,
                    maximumConnections: Int = Self.defaultMaximumConnections,
                    connectionTimeoutSeconds: Int = Self.defaultConnectionTimeoutSeconds,
                    connectionMemoryLimit: Int = 64 * 1024, limits: RequestLimits = RequestLimits()) {
            self.address = address
            self.threads = threads
            self.maximumConnections = maximumConnections
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.connectionMemoryLimit = connectionMemoryLimit
            self.limits = limits
        }

        /// One thread per core.
        public static var defaultThreads: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
        public static let defaultMaximumConnections = 1_000
        public static let defaultConnectionTimeoutSeconds = 30
    }
}
