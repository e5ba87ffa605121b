@testable import ExperimentStatistics
import Foundation
import Testing

/// I_x(a, b) against its closed forms and against SciPy, and its inverse.
@Suite struct IncompleteBetaTests {
    /// The accuracy `regularizedIncompleteBeta` documents: 2⁻⁵² of a |log x| + b |log(1 − x)|, the size of the terms
    /// whose difference is the logarithm of its front factor.
    private func tolerance(_ x: Double, _ a: Double, _ b: Double) -> Double {
        max(1e-14, Double.ulpOfOne * (a * abs(log(x)) + b * abs(log1p(-x))))
    }

    @Test("I_x(1, 1) = x", arguments: [0.001, 0.1, 0.37, 0.5, 0.9, 0.999])
    func uniform(x: Double) {
        #expect(abs(regularizedIncompleteBeta(at: x, a: 1, b: 1) - x) < 1e-14)
    }

    @Test("I_x(a, 1) = x^a", arguments: [(3.0, 0.9), (7.5, 0.5), (40.0, 0.99), (2.0, 0.05), (1001.0, 0.999)])
    func powerOfX(a: Double, x: Double) {
        #expect(abs(regularizedIncompleteBeta(at: x, a: a, b: 1) - pow(x, a)) < tolerance(x, a, 1))
    }

    // 1 − (1 − x)^b written as −expm1(b log1p(−x)), which keeps its digits for small x and large b.
    @Test("I_x(1, b) = 1 − (1 − x)^b", arguments: [(5.0, 0.3), (1000.0, 0.001), (2.5, 0.95), (1001.0, 0.5), (10_000_000, 1e-9)])
    func powerOfOneMinusX(b: Double, x: Double) {
        #expect(abs(regularizedIncompleteBeta(at: x, a: 1, b: b) - -expm1(b * log1p(-x))) < tolerance(x, 1, b))
    }

    @Test("I_0.5(a, a) = 1/2 by symmetry", arguments: [1.0, 2.5, 40, 10_001, 10_000_000])
    func halfOfASymmetricBeta(a: Double) {
        #expect(abs(regularizedIncompleteBeta(at: 0.5, a: a, b: a) - 0.5) < tolerance(0.5, a, a))
    }

    @Test func theEndsOfTheInterval() {
        #expect(regularizedIncompleteBeta(at: 0, a: 3, b: 4) == 0)
        #expect(regularizedIncompleteBeta(at: 1, a: 3, b: 4) == 1)
    }

    // scipy.special.betainc(a, b, x), SciPy 1.17.1; the first four agree with mpmath.betainc(a, b, 0, x,
    // regularized=True) at 40 digits to 1e-15. 0.0501 and 0.5002 lie above their switch points.
    @Test("SciPy's betainc", arguments: [
        (2.5, 7.5, 0.3, 0.6789434858661821),
        (11.0, 91.0, 0.15, 0.9072055148227978),
        (11.0, 91.0, 0.2, 0.994976183038123),
        (0.5, 0.5, 0.9, 0.7951672353008665),
        (500_001.0, 9_500_001.0, 0.05, 0.4996526923118461),
        (500_001.0, 9_500_001.0, 0.0501, 0.9263545353910534),
        (10_000_000.0, 10_000_000.0, 0.5002, 0.9631808689021354),
    ])
    func scipyValues(a: Double, b: Double, x: Double, expected: Double) {
        #expect(abs(regularizedIncompleteBeta(at: x, a: a, b: b) - expected) < tolerance(x, a, b))
    }

    @Test("the inverse of I_x(1, 1) and of I_x(a, 1)", arguments: [0.001, 0.025, 0.5, 0.975, 0.999])
    func inverseOfClosedForms(p: Double) {
        #expect(abs(inverseRegularizedIncompleteBeta(p, a: 1, b: 1) - p) < 1e-12)
        #expect(abs(inverseRegularizedIncompleteBeta(p, a: 4, b: 1) - pow(p, 1.0 / 4)) < 1e-12)
    }
}
