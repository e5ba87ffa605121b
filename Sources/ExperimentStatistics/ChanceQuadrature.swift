import Glibc

/// P(variation i is best) = ∫ f_i(x) Π_{j≠i} F_j(x) dx for every i, with f the posteriors' densities and F their
/// distribution functions, all on one grid.
///
/// Each posterior holds all but a negligible share of its mass within `spreads` standard deviations of its mean
/// (less than 10⁻⁹ beyond 20, even for the most skewed, Beta(1, β)). The ends of those spans cut [0, 1] into pieces,
/// each of `cellsPerPiece` cells, so that every posterior's span is cut at least that finely: a cell is at most a
/// tenth of a standard deviation of any posterior whose mass it holds. On each cell Simpson's rule integrates the
/// densities into the distribution functions, and the integrand; F at a cell's middle is its value at the cell's
/// start plus the trapezoid of the first half. The results are within 10⁻⁶ of SciPy's adaptive quadrature (the tests'
/// references).
/// Its cost grows with the square of the variations, not with their exposures.
func chancesByQuadrature(_ posteriors: [BetaPosterior]) -> [Double] {
    let spreads = 20.0, cellsPerPiece = 512
    var cuts: Set<Double> = [0, 1]
    for posterior in posteriors {
        let deviation = posterior.variance.squareRoot()
        cuts.insert(max(0, posterior.mean - spreads * deviation))
        cuts.insert(min(1, posterior.mean + spreads * deviation))
    }
    let edges = cuts.sorted()
    let densities = posteriors.map(BetaDensity.init)
    var distribution = [Double](repeating: 0, count: posteriors.count)
    var chances = [Double](repeating: 0, count: posteriors.count)
    // Each variation's integrand at a point: its density there times the others' distribution functions.
    var others = [Double](repeating: 0, count: posteriors.count)
    func integrands(_ values: [Double], _ functions: [Double]) -> [Double] {
        // Π_{j≠i} F_j by products from the left and the right, as some F_j may be 0.
        var left = 1.0
        for index in functions.indices {
            others[index] = left
            left *= functions[index]
        }
        var right = 1.0
        for index in functions.indices.reversed() {
            others[index] *= right
            right *= functions[index]
        }
        return zip(values, others).map { $0 * $1 }
    }
    for (start, end) in zip(edges, edges.dropFirst()) where end > start {
        let width = (end - start) / Double(cellsPerPiece)
        var atStart = densities.map { $0.value(at: start) }
        for cell in 0..<cellsPerPiece {
            let left = start + Double(cell) * width
            let right = cell == cellsPerPiece - 1 ? end : left + width
            let middle = (left + right) / 2
            let atMiddle = densities.map { $0.value(at: middle) }
            let atEnd = densities.map { $0.value(at: right) }
            let h = right - left
            let middleFunctions = distribution.indices.map { distribution[$0] + h / 4 * (atStart[$0] + atMiddle[$0]) }
            var endFunctions = distribution
            for index in endFunctions.indices { endFunctions[index] += h / 6 * (atStart[index] + 4 * atMiddle[index] + atEnd[index]) }
            let (first, second, third) = (integrands(atStart, distribution), integrands(atMiddle, middleFunctions),
                                          integrands(atEnd, endFunctions))
            for index in chances.indices { chances[index] += h / 6 * (first[index] + 4 * second[index] + third[index]) }
            (distribution, atStart) = (endFunctions, atEnd)
        }
    }
    // The grid's masses are 1 up to its error: the chances are scaled to sum to 1.
    let total = chances.reduce(0, +)
    return chances.map { $0 / total }
}

/// The density of a Beta posterior, by its logarithm, as its parameters may be in the millions.
private struct BetaDensity {
    let alpha: Double
    let beta: Double
    let logNormalizer: Double

    init(_ posterior: BetaPosterior) {
        (alpha, beta) = (posterior.alpha, posterior.beta)
        logNormalizer = logBeta(alpha, beta)
    }

    func value(at x: Double) -> Double {
        // At 0 and 1 a parameter of 1 leaves a finite density (0 × log 0 is 0), any other 0.
        let low = alpha == 1 ? 0 : (x <= 0 ? -Double.infinity : (alpha - 1) * log(x))
        let high = beta == 1 ? 0 : (x >= 1 ? -Double.infinity : (beta - 1) * log1p(-x))
        return exp(low + high - logNormalizer)
    }
}
