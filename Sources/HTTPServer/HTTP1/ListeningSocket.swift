import CLinuxEvents
import Glibc

/// A TCP socket bound and listening, non-blocking, which every event loop of the server watches
/// (`EPOLLEXCLUSIVE`: a new connection wakes one loop, not all). One socket, not one per loop with
/// `SO_REUSEPORT`: that would share the port with any other process of the same user binding it so,
/// where a second server on a port in use must be refused.
struct ListeningSocket {
    let descriptor: Int32
    /// The port bound: the one picked when 0 was asked.
    let port: UInt16

    /// Binds `address` (an IPv4 or IPv6 literal), or throws with the system's reason.
    init(_ address: ListenAddress, backlog: Int32) throws(HTTPServerError) {
        var storage = sockaddr_storage()
        var length: socklen_t
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, address.host, &v4) == 1 {
            length = Self.fill(&storage, as: sockaddr_in.self) { socketAddress in
                socketAddress.sin_family = sa_family_t(AF_INET)
                socketAddress.sin_port = address.port.bigEndian
                socketAddress.sin_addr = v4
            }
        } else if inet_pton(AF_INET6, address.host, &v6) == 1 {
            length = Self.fill(&storage, as: sockaddr_in6.self) { socketAddress in
                socketAddress.sin6_family = sa_family_t(AF_INET6)
                socketAddress.sin6_port = address.port.bigEndian
                socketAddress.sin6_addr = v6
            }
        } else {
            throw Self.failure(address, EINVAL)
        }
        let descriptor = socket(Int32(storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Self.failure(address, errno) }
        var on: Int32 = 1
        // SO_REUSEADDR: a restarted server binds its port again while old connections are in TIME_WAIT.
        let bound = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
            && withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } } == 0
            && listen(descriptor, backlog) == 0
            && withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } } == 0
        guard bound else {
            let code = errno
            close(descriptor)
            throw Self.failure(address, code)
        }
        self.descriptor = descriptor
        let family = storage.ss_family
        port = withUnsafePointer(to: &storage) { pointer in
            family == sa_family_t(AF_INET)
                ? pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
                : pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
    }

    /// Writes an address of type `Address` into `storage` and returns its length.
    private static func fill<Address>(_ storage: inout sockaddr_storage, as type: Address.Type, _ write: (inout Address) -> Void) -> socklen_t {
        withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: Address.self, capacity: 1) { write(&$0.pointee) } }
        return socklen_t(MemoryLayout<Address>.size)
    }

    private static func failure(_ address: ListenAddress, _ code: Int32) -> HTTPServerError {
        HTTPServerError(message: "cannot listen on \(address): \(String(cString: strerror(code)))")
    }

    enum Accepted {
        case connection(Int32, from: PeerAddress)
        /// None is waiting (or the one waiting vanished before it was taken).
        case none
        /// The process cannot take one now (out of descriptors or memory): the errno.
        case failed(Int32)
    }

    /// A connection waiting in the backlog, non-blocking, and where it came from.
    func accept() -> Accepted {
        var peer = sockaddr_storage()
        while true {
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let connection = withUnsafeMutablePointer(to: &peer) { storage in
                storage.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept4(descriptor, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            }
            if connection >= 0 { return .connection(connection, from: PeerAddress(peer)) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO: return .none
            default: return .failed(errno)
            }
        }
    }
}
