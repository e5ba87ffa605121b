@testable import ExperimentStatistics
import Foundation
import Testing

/// Q(a, x) against its closed forms and against SciPy.
@Suite struct IncompleteGammaTests {
    @Test("Q(1, x) = e^(−x), Q(1/2, x) = erfc(√x), Q(2, x) = (1 + x) e^(−x)", arguments: [0.01, 0.5, 1.9, 2, 7.5, 30])
    func closedForms(x: Double) {
        #expect(abs(regularizedUpperIncompleteGamma(a: 1, x: x) / exp(-x) - 1) < 1e-13)
        #expect(abs(regularizedUpperIncompleteGamma(a: 0.5, x: x) / erfc(x.squareRoot()) - 1) < 1e-13)
        #expect(abs(regularizedUpperIncompleteGamma(a: 2, x: x) / ((1 + x) * exp(-x)) - 1) < 1e-13)
    }

    // scipy.special.gammaincc(a, x), SciPy 1.17.1, which mpmath.gammainc(a, x, inf, regularized=True) matches to
    // 1e-15 relative.
    @Test("SciPy's gammaincc", arguments: [
        (1.5, 0.7, 0.7055347312040912),
        (4.5, 6.0, 0.21330930508341653),
        (50.0, 40.0, 0.9296649333406051),
        (50.0, 60.0, 0.08440668109369177),
        (0.5, 200.0, 5.507248237212379e-89),
    ])
    func scipyValues(a: Double, x: Double, expected: Double) {
        #expect(abs(regularizedUpperIncompleteGamma(a: a, x: x) / expected - 1) < 1e-12)
    }

    @Test func theEnds() {
        #expect(regularizedUpperIncompleteGamma(a: 2, x: 0) == 1)
        #expect(regularizedUpperIncompleteGamma(a: 2, x: .infinity) == 0)
    }
}
