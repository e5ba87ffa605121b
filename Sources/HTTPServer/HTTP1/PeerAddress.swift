import Glibc

/// The address a connection came from, as `accept4` gave it: kept as its bytes, and spelled only when the access log
/// writes it.
public struct PeerAddress: Sendable, Equatable, CustomStringConvertible {
    private enum Bytes: Equatable {
        /// In network order, as `in_addr` holds it.
        case v4(UInt32)
        case v6(UInt64, UInt64)
        case unknown
    }

    private let bytes: Bytes

    /// The address in `storage`, of the family it says.
    init(_ storage: sockaddr_storage) {
        let family = Int32(storage.ss_family)
        bytes = withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET:
                return .v4(raw.loadUnaligned(fromByteOffset: MemoryLayout<sockaddr_in>.offset(of: \.sin_addr)!, as: UInt32.self))
            case AF_INET6:
                let address = UnsafeRawBufferPointer(rebasing: raw[MemoryLayout<sockaddr_in6>.offset(of: \.sin6_addr)!...].prefix(16))
                // An IPv4 client of a socket listening on `::` comes as ::ffff:a.b.c.d: told as the IPv4 address it is.
                if address.prefix(10).allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF {
                    return .v4(address.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
                }
                return .v6(address.loadUnaligned(as: UInt64.self), address.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            default:
                return .unknown
            }
        }
    }

    /// `203.0.113.7`, `2001:db8::1`, or `-` when the system gave no address.
    public var description: String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { text in
            let written: UnsafePointer<CChar>?
            switch bytes {
            case var .v4(address):
                written = inet_ntop(AF_INET, &address, text.baseAddress, socklen_t(text.count))
            case let .v6(high, low):
                var address = (high, low)
                written = inet_ntop(AF_INET6, &address, text.baseAddress, socklen_t(text.count))
            case .unknown:
                written = nil
            }
            return written.map { String(cString: $0) } ?? "-"
        }
    }
}
