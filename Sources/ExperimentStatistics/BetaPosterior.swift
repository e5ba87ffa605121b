/// What a variation's exposures and conversions say about its conversion rate: the posterior
/// Beta(1 + conversions, 1 + exposures − conversions) from a uniform prior.
public struct BetaPosterior: Hashable, Sendable {
    /// 1 + conversions.
    public let alpha: Double
    /// 1 + exposures − conversions.
    public let beta: Double

    public init(conversions: Int, exposures: Int) {
        precondition(conversions >= 0 && conversions <= exposures, "\(conversions) conversions of \(exposures) exposures")
        alpha = Double(1 + conversions)
        beta = Double(1 + exposures - conversions)
    }

    /// The posterior mean of the conversion rate, (1 + conversions) / (2 + exposures).
    public var mean: Double { alpha / (alpha + beta) }

    /// αβ / ((α + β)² (α + β + 1)).
    var variance: Double {
        let total = alpha + beta
        return alpha * beta / (total * total * (total + 1))
    }

    /// The equal-tailed credible interval holding `level` of the posterior: from its (1 − level)/2 quantile to its
    /// (1 + level)/2 quantile, 2.5% and 97.5% by default.
    public func credibleInterval(level: Double = 0.95) -> ClosedRange<Double> {
        precondition(level > 0 && level < 1, "a credible level between 0 and 1, not \(level)")
        let lower = inverseRegularizedIncompleteBeta((1 - level) / 2, a: alpha, b: beta)
        let upper = inverseRegularizedIncompleteBeta((1 + level) / 2, a: alpha, b: beta)
        return lower...upper
    }
}
