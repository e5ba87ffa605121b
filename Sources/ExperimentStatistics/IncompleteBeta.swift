import Glibc

/// The regularized incomplete beta function I_x(a, b): the probability that a Beta(a, b) variable is at most `x`.
///
/// Numerical Recipes' `betai`: the front factor x^a (1 − x)^b / B(a, b), taken in log space so that a and b in the
/// millions neither overflow nor underflow before they cancel, times Lentz's continued fraction. The fraction converges
/// quickly only below x = (a + 1) / (a + b + 2), about the mean; above it, I_x(a, b) = 1 − I_{1−x}(b, a).
///
/// The logarithm of the front factor is a small difference of terms as large as a |log x| + b |log(1 − x)|, which
/// bounds the error to about 2⁻⁵² of that: 10⁻¹⁴ for a + b in the hundreds, 10⁻⁹ for tens of millions.
func regularizedIncompleteBeta(at x: Double, a: Double, b: Double) -> Double {
    precondition(a > 0 && b > 0, "Beta(\(a), \(b)) needs positive parameters")
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let front = exp(a * log(x) + b * log1p(-x) - logBeta(a, b))
    if x < (a + 1) / (a + b + 2) {
        return front * betaContinuedFraction(x, a: a, b: b) / a
    }
    return 1 - front * betaContinuedFraction(1 - x, a: b, b: a) / b
}

/// The x with I_x(a, b) = p: the p-quantile of Beta(a, b).
///
/// Bisection of [0, 1]: I_x is increasing and brackets every p, so it cannot diverge or step outside [0, 1] the way
/// Newton's method can in the steep tails of a Beta with millions of observations. It stops once the bracket is
/// narrower than 10⁻¹² of its upper end, or after 200 halvings, which reach that for any quantile above 10⁻⁴⁸.
func inverseRegularizedIncompleteBeta(_ p: Double, a: Double, b: Double) -> Double {
    precondition(p >= 0 && p <= 1, "a probability, not \(p)")
    var low = 0.0, high = 1.0
    var halvings = 0
    while halvings < 200 && high - low > 1e-12 * high {
        let middle = (low + high) / 2
        if regularizedIncompleteBeta(at: middle, a: a, b: b) < p { low = middle } else { high = middle }
        halvings += 1
    }
    return (low + high) / 2
}

/// The continued fraction of I_x(a, b), evaluated by the modified Lentz method (Numerical Recipes' `betacf`).
///
/// Below the switch point it needs O(√max(a, b)) terms at worst (about 1,100 for a = b = 10⁷); the bound leaves a
/// wide margin and only keeps a bad input from looping.
private func betaContinuedFraction(_ x: Double, a: Double, b: Double) -> Double {
    let tiny = 1e-300, tolerance = 1e-15
    let maxTerms = 100 + 2 * Int(max(a, b).squareRoot())
    // Lentz keeps the running numerator and denominator away from 0 by replacing 0 with `tiny`.
    func nonzero(_ value: Double) -> Double { abs(value) < tiny ? tiny : value }
    var c = 1.0
    var d = 1 / nonzero(1 - (a + b) * x / (a + 1))
    var fraction = d
    for m in 1...maxTerms {
        let m = Double(m)
        // The even step, then the odd step, of the fraction's coefficients.
        let even = m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m))
        d = 1 / nonzero(1 + even * d)
        c = nonzero(1 + even / c)
        fraction *= d * c
        let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1 + 2 * m))
        d = 1 / nonzero(1 + odd * d)
        c = nonzero(1 + odd / c)
        let change = d * c
        fraction *= change
        if abs(change - 1) < tolerance { break }
    }
    return fraction
}
