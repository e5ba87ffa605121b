import CICUBridge

/// The ISO 639 language codes ICU knows (`uloc_getISOLanguages`: two- and three-letter, about 600).
public func isoLanguageCodes() -> [String] {
    strings(fromNullTerminatedList: pw_iso_languages())
}

/// The ISO 3166 region codes ICU knows (`uloc_getISOCountries`, about 250).
public func isoRegionCodes() -> [String] {
    strings(fromNullTerminatedList: pw_iso_regions())
}

private func strings(fromNullTerminatedList list: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
    var strings: [String] = []
    var cursor = list
    while let item = cursor?.pointee {
        strings.append(String(cString: item))
        cursor = cursor?.successor()
    }
    return strings
}
