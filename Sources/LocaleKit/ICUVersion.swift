import CICUBridge

/// The version of the ICU library in use at run time ("72.1"), for `paywalls --version`.
public func icuVersion() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PW_VERSION_CAPACITY))
    pw_icu_version(&buffer)
    return string(fromCBuffer: buffer)
}
