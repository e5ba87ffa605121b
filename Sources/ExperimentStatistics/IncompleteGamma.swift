import Glibc

/// The upper regularized incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a): the chance that a χ² variable with 2a
/// degrees of freedom exceeds 2x.
///
/// Numerical Recipes' `gammq`: below x = a + 1, 1 − P(a, x) from P's series, which converges quickly there; above it,
/// Q's continued fraction, which does, and which keeps the smallest p-values accurate rather than 1 − (almost 1).
func regularizedUpperIncompleteGamma(a: Double, x: Double) -> Double {
    precondition(a > 0 && x >= 0, "Q(\(a), \(x)) needs a > 0 and x ≥ 0")
    if x == 0 { return 1 }
    if x == .infinity { return 0 }
    // x^a e^(−x) / Γ(a), the factor both expansions share.
    let front = exp(a * log(x) - x - logGamma(a))
    return x < a + 1 ? 1 - front * lowerGammaSeries(a: a, x: x) : front * upperGammaContinuedFraction(a: a, x: x)
}

/// Both expansions need O(√a) terms where they are used; the bound only keeps a bad input from looping.
private func maxGammaTerms(_ a: Double) -> Int { 100 + 10 * Int(a.squareRoot()) }

/// Σ xⁿ / (a (a + 1) ⋯ (a + n)), so that P(a, x) = front × the sum (Numerical Recipes' `gser`).
private func lowerGammaSeries(a: Double, x: Double) -> Double {
    var term = 1 / a
    var sum = term
    for n in 1...maxGammaTerms(a) {
        term *= x / (a + Double(n))
        sum += term
        if abs(term) < abs(sum) * 1e-16 { break }
    }
    return sum
}

/// The continued fraction 1 / (x + 1 − a − 1·(1 − a) / (x + 3 − a − 2·(2 − a) / (x + 5 − a − ⋯))), so that
/// Q(a, x) = front × the fraction, by the modified Lentz method (Numerical Recipes' `gcf`).
private func upperGammaContinuedFraction(a: Double, x: Double) -> Double {
    let tiny = 1e-300
    func nonzero(_ value: Double) -> Double { abs(value) < tiny ? tiny : value }
    var b = x + 1 - a
    var c = 1 / tiny
    var d = 1 / b
    var fraction = d
    for n in 1...maxGammaTerms(a) {
        let an = -Double(n) * (Double(n) - a)
        b += 2
        d = 1 / nonzero(an * d + b)
        c = nonzero(b + an / c)
        let change = d * c
        fraction *= change
        if abs(change - 1) < 1e-15 { break }
    }
    return fraction
}
