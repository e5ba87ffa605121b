import Glibc

/// log Γ(x) for x > 0, by the C library's `lgamma_r`: plain `lgamma` also stores the sign of Γ(x) in the global
/// `signgam`, a data race when reports or tests compute in parallel.
func logGamma(_ x: Double) -> Double {
    var sign: Int32 = 0
    return lgamma_r(x, &sign)
}

/// log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a + b), for a, b > 0.
///
/// Once an argument reaches 10, Stirling's series takes the log-gammas apart, as R's `lbeta` does: for a and b in the
/// millions they are near 10⁸, and their difference would keep only half its digits.
func logBeta(_ a: Double, _ b: Double) -> Double {
    let small = min(a, b), large = max(a, b)
    let smallShare = small / (small + large)
    if small >= 10 {
        let correction = stirlingCorrection(small) + stirlingCorrection(large) - stirlingCorrection(small + large)
        return 0.5 * log(2 * Double.pi) - 0.5 * log(large) + (small - 0.5) * log(smallShare) + large * log1p(-smallShare)
            + correction
    }
    if large >= 10 {
        let correction = stirlingCorrection(large) - stirlingCorrection(small + large)
        return logGamma(small) + correction + small - small * log(small + large) + (large - 0.5) * log1p(-smallShare)
    }
    return logGamma(small) + logGamma(large) - logGamma(small + large)
}

/// δ(z) = log Γ(z) − ((z − ½) log z − z + ½ log 2π), by its asymptotic series Σ B₂ₙ / (2n (2n − 1) z^(2n−1)), for
/// z ≥ 10, where its first six terms leave an error below 10⁻¹⁵.
private func stirlingCorrection(_ z: Double) -> Double {
    let w = 1 / (z * z)
    return (1.0 / 12 + w * (-1.0 / 360 + w * (1.0 / 1260 + w * (-1.0 / 1680 + w * (1.0 / 1188 + w * (-691.0 / 360_360)))))) / z
}
