import CICUBridge

/// `icu::LocaleMatcher` over a list of supported tags, as ICU itself configures it.
public final class ICULocaleMatcher: @unchecked Sendable {
    // @unchecked: the handle is only read after construction; ICU documents LocaleMatcher as
    // immutable and thread-safe once built.
    private let handle: OpaquePointer

    public enum DefaultLocale: Sendable {
        /// ICU's own default: the first supported locale.
        case firstSupported
        case none
        case tag(String)
    }

    /// ICU's answer: the supported locale chosen (by index), or its default, or nothing.
    public enum Result: Equatable, Sendable {
        case supported(index: Int, desiredIndex: Int, combined: String)
        case defaultLocale
        case noMatch
    }

    public init?(supported: [String], defaultLocale: DefaultLocale = .firstSupported, favorScript: Bool = false) {
        let made: OpaquePointer? = withCStringArray(supported) { pointers in
            func build(_ defaultTag: UnsafePointer<CChar>?) -> OpaquePointer? {
                let options = PWICUMatcherOptions(favor_script: favorScript ? 1 : 0, threshold_distance: -1, default_tag: defaultTag)
                return pw_icu_matcher_create(pointers.baseAddress, Int32(pointers.count), options)
            }
            switch defaultLocale {
            case .firstSupported: return build(nil)
            case .none: return build("")
            case let .tag(tag): return tag.withCString { build($0) }
            }
        }
        guard let made else { return nil }
        handle = made
    }

    deinit { pw_icu_matcher_destroy(handle) }

    public func bestMatch(for desired: [String]) -> Result {
        var desiredIndex: Int32 = -1
        var combined = [CChar](repeating: 0, count: Int(PW_TAG_CAPACITY))
        let index = withCStringArray(desired) { pointers in
            pw_icu_matcher_best(handle, pointers.baseAddress, Int32(pointers.count), &desiredIndex, &combined)
        }
        switch index {
        case -2: return .noMatch
        case -1: return .defaultLocale
        default:
            return .supported(index: Int(index), desiredIndex: Int(desiredIndex), combined: string(fromCBuffer: combined))
        }
    }
}

/// Lends C a `const char *const *` view of Swift strings for the duration of `body`.
func withCStringArray<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>] = strings.map { string in
        let bytes = string.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
        return copy
    }
    defer { copies.forEach { $0.deallocate() } }
    return copies.map { UnsafePointer<CChar>?($0) }.withUnsafeBufferPointer(body)
}
