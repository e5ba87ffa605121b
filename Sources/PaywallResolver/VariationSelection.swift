import Digests
import PaywallModel

/// The variation of an audience a user sees, chosen exactly as the vendor's SDKs choose it (SPEC §5),
/// so that the server predicts what the device shows.
struct VariationSelection {
    let variation: Variation
    /// The user's bucket (0..<100), when a profile id was given.
    let bucket: Int?

    init(in audience: Audience, profileID: String?) {
        guard let profileID else {
            // Without a profile: the heaviest variation, ties to the smallest id.
            variation = audience.variations.min { $0.weight != $1.weight ? $0.weight > $1.weight : $0.variationID < $1.variationID }!
            bucket = nil
            return
        }
        let bucket = Self.bucket(versionID: audience.versionID, profileID: profileID)
        let ordered = audience.variations.sorted { $0.weight != $1.weight ? $0.weight < $1.weight : $0.variationID < $1.variationID }
        var remaining = bucket
        var chosen = ordered[ordered.count - 1]
        for variation in ordered {
            remaining -= variation.weight
            if remaining < 0 {
                chosen = variation
                break
            }
        }
        variation = chosen
        self.bucket = bucket
    }

    /// MD5 of "<audience version id>-<profile id>", its last 8 bytes as a big-endian integer, mod 100.
    static func bucket(versionID: String, profileID: String) -> Int {
        let digest = Digest.bytes(of: "\(versionID)-\(profileID)", using: .md5)
        let tail = digest.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(tail % 100)
    }
}
