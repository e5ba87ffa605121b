@testable import ExperimentStatistics
import Foundation
import Testing

/// log B(a, b) on both sides of the switch to Stirling's series, against mpmath.
@Suite struct LogBetaTests {
    // float(mpmath.log(mpmath.beta(a, b))) at 50 digits, mpmath 1.3.0; B(½, ½) = π and B(1, b) = 1/b besides.
    @Test("mpmath's log(beta)", arguments: [
        (0.5, 0.5, 1.1447298858494002),
        (3.5, 12.25, -7.8994012906692355),
        (10.0, 10.0, -13.736229227036555),
        (9.5, 1_000_000.0, -119.55805725474221),
        (10.0, 10_000_000.0, -148.3791335295003),
        (1.0, 10_000_001.0, -16.118095750958314),
        (500_001.0, 9_500_001.0, -1985161.0970807348),
        (10_000_000.0, 10_000_000.0, -13862950.404734597),
    ])
    func mpmathValues(a: Double, b: Double, expected: Double) {
        #expect(abs(logBeta(a, b) - expected) <= 4 * max(1, abs(expected)).ulp)
        #expect(logBeta(b, a) == logBeta(a, b))
    }

    @Test("B(m, n) = (m − 1)! (n − 1)! / (m + n − 1)!", arguments: [(1, 1), (2, 3), (5, 9), (12, 15), (20, 20)])
    func factorials(m: Int, n: Int) {
        func factorial(_ k: Int) -> Double { (1...max(k, 1)).reduce(1.0) { $0 * Double($1) } }
        let expected = log(factorial(m - 1) * factorial(n - 1) / factorial(m + n - 1))
        #expect(abs(logBeta(Double(m), Double(n)) - expected) <= 1e-13 * max(1, abs(expected)))
    }
}
