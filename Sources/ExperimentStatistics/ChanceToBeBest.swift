import Glibc

/// For each variation, the probability that its conversion rate is the highest of all, the posteriors independent.
///
/// One variation is surely the best. Two get the exact answer (`probability(that:exceeds:)`); three or more the
/// integral of each one's density times the others' distribution functions (`chancesByQuadrature`). The answers sum
/// to 1, up to rounding, and are the same on every run.
public func chanceToBeBest(_ posteriors: [BetaPosterior]) -> [Double] {
    switch posteriors.count {
    case 0: return []
    case 1: return [1]
    case 2:
        let second = probability(that: posteriors[1], exceeds: posteriors[0])
        return [1 - second, second]
    default:
        return chancesByQuadrature(posteriors)
    }
}

/// Past this many terms, the exact sum gives way to the other side's sum or to the normal approximation.
let exactSumTermLimit = 100_000

/// P(p_B > p_A) for independent posteriors p_A and p_B.
///
/// The exact sum has α_B terms, so it is taken as is while α_B is at most `exactSumTermLimit`; else over α_A's
/// terms, as 1 − P(p_A > p_B) (ties have probability 0). When both α are larger, the normal approximation of
/// p_B − p_A: each posterior's skewness is then below 2/√α ≈ 0.006, and the answer within 2·10⁻⁴ of the exact one at
/// α = 10⁵ for one sample three times the other's, far closer for equal samples, whose skews cancel.
func probability(that b: BetaPosterior, exceeds a: BetaPosterior) -> Double {
    if b.alpha <= Double(exactSumTermLimit) { return exactProbability(that: b, exceeds: a) }
    if a.alpha <= Double(exactSumTermLimit) { return 1 - exactProbability(that: a, exceeds: b) }
    let spread = (a.variance + b.variance).squareRoot()
    // Φ(z) = erfc(−z/√2)/2.
    return erfc(-(b.mean - a.mean) / (spread * 2.0.squareRoot())) / 2
}

/// Evan Miller's closed form ("Formulas for Bayesian A/B Testing"), for an integer α_B:
///
///     P(p_B > p_A) = Σ_{i=0}^{α_B−1} B(α_A + i, β_A + β_B) / ((β_B + i) B(1 + i, β_B) B(α_A, β_A))
///
/// Term 0 is B(α_A, β_A + β_B) / B(α_A, β_A), as β_B B(1, β_B) = 1, and each next term is the last times
/// (α_A + i)(β_B + i) / ((α_A + β_A + β_B + i)(1 + i)). The terms are kept as logarithms, as they under- and
/// overflow a Double long before their sum does, and added relative to the largest so far.
private func exactProbability(that b: BetaPosterior, exceeds a: BetaPosterior) -> Double {
    var logTerm = logBeta(a.alpha, a.beta + b.beta) - logBeta(a.alpha, a.beta)
    var logLargest = logTerm
    var scaledSum = 0.0  // the sum so far, over exp(logLargest)
    for i in 0..<Int(b.alpha) {
        let i = Double(i)
        if logTerm > logLargest {
            scaledSum *= exp(logLargest - logTerm)
            logLargest = logTerm
        }
        scaledSum += exp(logTerm - logLargest)
        logTerm += log(a.alpha + i) + log(b.beta + i) - log(a.alpha + a.beta + b.beta + i) - log(1 + i)
    }
    return min(1, max(0, scaledSum * exp(logLargest)))
}
