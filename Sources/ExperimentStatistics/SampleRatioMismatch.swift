/// Whether a test's traffic split matches its configuration: Pearson's χ² goodness-of-fit of the exposures each
/// variation got against the shares it was meant to get.
///
/// - Parameters:
///   - observed: the exposures of each variation.
///   - expectedWeights: the configured weight of each variation, in any unit; they are normalized to sum to 1.
/// - Returns: χ² = Σ (observed − expected)² / expected, and its p-value with one degree of freedom fewer than the
///   variations: the chance of a split at least this uneven if traffic were assigned as configured. A small p-value
///   means the split is off, and the test's numbers are not to be trusted. A variation with weight 0 and no exposures
///   takes no part (nor counts as a degree of freedom); one with weight 0 that got exposures is a certain mismatch:
///   χ² infinite, p-value 0. When a single variation has a positive weight and the others got nothing, the split is
///   as configured: χ² 0, p-value 1. `nil` when there is nothing to test: fewer than two variations, counts and
///   weights of different lengths, a negative count, a negative or non-finite weight, weights all 0, or no
///   exposures at all.
public func sampleRatioMismatch(observed: [Int], expectedWeights: [Double]) -> (statistic: Double, pValue: Double)? {
    guard observed.count >= 2, observed.count == expectedWeights.count, observed.allSatisfy({ $0 >= 0 }),
          expectedWeights.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
    let totalWeight = expectedWeights.reduce(0, +)
    let total = Double(observed.reduce(0, +))
    guard totalWeight > 0, total > 0 else { return nil }
    var statistic = 0.0
    var categories = 0
    for (count, weight) in zip(observed, expectedWeights) {
        if weight == 0 {
            if count > 0 { return (.infinity, 0) }
            continue
        }
        let expected = total * weight / totalWeight
        let difference = Double(count) - expected
        statistic += difference * difference / expected
        categories += 1
    }
    guard categories >= 2 else { return (0, 1) }
    // A χ² variable with k degrees of freedom exceeds s with probability Q(k/2, s/2).
    let degreesOfFreedom = Double(categories - 1)
    return (statistic, regularizedUpperIncompleteGamma(a: degreesOfFreedom / 2, x: statistic / 2))
}
