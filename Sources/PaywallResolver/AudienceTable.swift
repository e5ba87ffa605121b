import Digests
import PaywallModel
import PaywallStore

/// A placement's audiences as choosing among them reads them: in the order they are tried, their
/// segments' conditions looked up and laid out once per segment (however many audiences name it), and
/// their variations in the order the A/B draw walks them. Built for each resolution from the store; once per placement by a compiled
/// snapshot, where trying a placement's audiences then reads one short array.
struct AudienceTable: Sendable {
    struct Entry: Sendable {
        /// The audience's position in the placement's audiences.
        let index: Int
        /// Its segments' positions in `audienceSegments`.
        let segments: Range<Int>
    }

    /// By ascending priority.
    private let entries: [Entry]
    /// The segments the audiences name, one after another: positions in `segmentConditions`.
    private let audienceSegments: [Int]
    /// Each distinct segment's conditions in `conditions`; nil for a segment the snapshot lacks, which never matches.
    let segmentConditions: [Range<Int>?]
    let conditions: [ConditionCheck]
    /// By audience position.
    let draws: [VariationDraw]

    init(_ stored: StoredPlacement) {
        let audiences = stored.placement.audiences
        // Exports usually list audiences by priority already, which then costs no sort.
        let inOrder = zip(audiences, audiences.dropFirst()).allSatisfy { $0.priority <= $1.priority }
        let order = inOrder ? Array(audiences.indices) : audiences.indices.sorted { audiences[$0].priority < audiences[$1].priority }
        var entries: [Entry] = [], audienceSegments: [Int] = [], segmentConditions: [Range<Int>?] = [], conditions: [ConditionCheck] = []
        var positions: [String: Int] = [:]
        for index in order {
            let firstSegment = audienceSegments.count
            for id in audiences[index].segmentIDs {
                if let position = positions[id] {
                    audienceSegments.append(position)
                    continue
                }
                let segment = stored.segment(id)
                positions[id] = segmentConditions.count
                audienceSegments.append(segmentConditions.count)
                segmentConditions.append(segment.map { conditions.count..<(conditions.count + $0.conditions.count) })
                conditions += segment?.conditions.map(ConditionCheck.init) ?? []
            }
            entries.append(Entry(index: index, segments: firstSegment..<audienceSegments.count))
        }
        self.entries = entries
        self.audienceSegments = audienceSegments
        self.segmentConditions = segmentConditions
        self.conditions = conditions
        draws = audiences.map(VariationDraw.init)
    }

    /// The audience a user falls in: the first, by ascending priority, whose segments all match.
    /// `passedOver` hears of each tried before it: its position and the first of its segments that
    /// does not match (nil when only the default audience was asked for).
    /// Loops over positions: every resolution runs it, and iterating the arrays would copy (and retain)
    /// each condition.
    /// Each segment is tested at most once per call, however many audiences name it.
    func firstEntry(for request: ResolutionRequest, passedOver: (_ audience: Int, _ failingSegment: Int?) -> Void = { _, _ in }) -> Entry? {
        withUnsafeTemporaryAllocation(of: Verdict.self, capacity: segmentConditions.count) { verdicts in
            verdicts.initialize(repeating: .untested)
            for position in entries.indices {
                let segments = entries[position].segments
                if request.defaultAudienceOnly, !segments.isEmpty {
                    passedOver(entries[position].index, nil)
                    continue
                }
                if let failing = firstFailingSegment(in: segments, for: request.context, verdicts: verdicts) {
                    passedOver(entries[position].index, failing - segments.lowerBound)
                    continue
                }
                return entries[position]
            }
            return nil
        }
    }

    private enum Verdict { case untested, holds, fails }

    /// The first of `segments` (positions in `audienceSegments`) whose conditions `context` does not all
    /// satisfy; each segment's verdict kept in `verdicts`.
    private func firstFailingSegment(in segments: Range<Int>, for context: UserContext, verdicts: UnsafeMutableBufferPointer<Verdict>) -> Int? {
        for position in segments {
            let segment = audienceSegments[position]
            if verdicts[segment] == .untested {
                let holds = segmentConditions[segment].map { range in range.allSatisfy { conditions[$0].holds(for: context) } } ?? false
                verdicts[segment] = holds ? .holds : .fails
            }
            if verdicts[segment] == .fails { return position }
        }
        return nil
    }
}

/// An audience's variations as the vendor SDKs' A/B draw reads them (docs/contracts.md).
struct VariationDraw: Sendable {
    let versionID: String
    /// What each variation shows, by position: what a resolution looks up without copying the variation.
    let contentKeys: [String]
    /// Positions by ascending weight, then variation id: the order a bucket walks them in.
    let order: [Int]
    /// Their weights, in that order.
    let weights: [Int]
    /// Without a profile: the heaviest, ties to the smallest variation id.
    let heaviest: Int?

    init(_ audience: Audience) {
        let variations = audience.variations
        versionID = audience.versionID
        contentKeys = variations.map(\.contentKey)
        order = variations.indices.sorted { variations[$0].weight != variations[$1].weight
            ? variations[$0].weight < variations[$1].weight : variations[$0].variationID < variations[$1].variationID }
        weights = order.map { variations[$0].weight }
        heaviest = variations.indices.min { variations[$0].weight != variations[$1].weight
            ? variations[$0].weight > variations[$1].weight : variations[$0].variationID < variations[$1].variationID }
    }

    /// The position of the variation the user sees, and their bucket when a profile id was given;
    /// nil when there is no variation.
    func choice(for profileID: String?) -> (index: Int, bucket: Int?)? {
        guard let heaviest, let last = order.last else { return nil }
        guard let profileID else { return (heaviest, nil) }
        let bucket = Self.bucket(versionID: versionID, profileID: profileID)
        var remaining = bucket
        for (position, weight) in weights.enumerated() {
            remaining -= weight
            if remaining < 0 { return (order[position], bucket) }
        }
        return (last, bucket)
    }

    /// MD5 of "<audience version id>-<profile id>", its last 8 bytes as a big-endian integer, mod 100.
    /// Worked out on the stack: every resolution with a profile id draws.
    static func bucket(versionID: String, profileID: String) -> Int {
        let (version, profile) = (versionID.utf8, profileID.utf8)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: version.count + 1 + profile.count) { input in
            var end = input.initialize(fromContentsOf: version)
            input[end] = UInt8(ascii: "-")
            end = input[(end + 1)...].initialize(fromContentsOf: profile)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Digest.Algorithm.md5.length) { digest in
                Digest.write(of: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[..<end])), using: .md5, into: digest)
                let tail = digest[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                return Int(tail % 100)
            }
        }
    }
}
