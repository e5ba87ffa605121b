@testable import ExperimentStatistics
import Testing

/// The chance that each variation is the best, against numeric integration in SciPy.
///
/// Every reference is P(variation i is best) = ∫ f_i(x) Π_{j≠i} F_j(x) dx with scipy.stats.beta's pdf and cdf,
/// integrated by scipy.integrate.quad (epsabs 1e-15, epsrel 1e-13) over 80 pieces of the span between the 10⁻¹⁵
/// quantiles (SciPy 1.17.1); it gives 0.4999999999999988 for two uniform posteriors.
@Suite struct ChanceToBeBestTests {
    private func posteriors(_ counts: [(conversions: Int, exposures: Int)]) -> [BetaPosterior] {
        counts.map { BetaPosterior(conversions: $0.conversions, exposures: $0.exposures) }
    }

    @Test func noVariationsAndOne() {
        #expect(chanceToBeBest([]) == [])
        #expect(chanceToBeBest(posteriors([(3, 50)])) == [1])
    }

    // The second variation's chance; the first's is 1 minus it.
    @Test("two variations, exactly", arguments: [
        (10, 100, 15, 100, 0.8532837899339653),
        (100, 1000, 120, 1000, 0.9231834389735587),
        (3, 50, 0, 20, 0.24290671565625535),
        (0, 10, 10, 10, 0.9999985824289217),
        // α in the hundreds of thousands and millions on one side: summed over the other side's α.
        (50_000, 1_000_000, 150_000, 3_000_000, 0.49936590792067864),
        (150_000, 3_000_000, 50_000, 1_000_000, 0.5006340920793244),
        (12_000, 100_000, 1_200_000, 10_000_000, 0.49806237439689627),
        (1000, 1000, 9_999_000, 10_000_000, 0.9046563916385757),
    ])
    func twoVariations(conversionsA: Int, exposuresA: Int, conversionsB: Int, exposuresB: Int, expected: Double) {
        let chances = chanceToBeBest(posteriors([(conversionsA, exposuresA), (conversionsB, exposuresB)]))
        #expect(abs(chances[1] - expected) < 1e-6)
        #expect(abs(chances[0] - (1 - expected)) < 1e-6)
    }

    @Test("equal posteriors split evenly", arguments: [(0, 0), (50, 100), (37, 1000), (99_999, 1_000_000), (150_000, 3_000_000)])
    func symmetric(conversions: Int, exposures: Int) {
        let chances = chanceToBeBest(posteriors([(conversions, exposures), (conversions, exposures)]))
        #expect(abs(chances[0] - 0.5) < 1e-9)
        #expect(abs(chances[1] - 0.5) < 1e-9)
    }

    // Both α above the exact sum's limit: the normal approximation, close for equal sample sizes, within its
    // documented 2·10⁻⁴ for a sample three times the other.
    @Test("two large variations, approximately", arguments: [
        (200_000, 4_000_000, 201_000, 4_000_000, 0.9474155826933932, 1e-5),
        (100_000, 1_000_000, 300_000, 3_001_000, 0.4612711171686644, 3e-4),
    ])
    func twoLargeVariations(conversionsA: Int, exposuresA: Int, conversionsB: Int, exposuresB: Int, expected: Double, tolerance: Double) {
        #expect(Double(conversionsA + 1) > Double(exactSumTermLimit) && Double(conversionsB + 1) > Double(exactSumTermLimit))
        let chances = chanceToBeBest(posteriors([(conversionsA, exposuresA), (conversionsB, exposuresB)]))
        #expect(abs(chances[1] - expected) < tolerance)
    }

    @Test("three or more variations, by quadrature", arguments: [
        ([(10, 100), (15, 100), (12, 100)], [0.09710462736980095, 0.6645701169822945, 0.23832525564790366]),
        ([(500, 10_000), (540, 10_000), (520, 10_000)], [0.06140913581796073, 0.6956962875787711, 0.24289457660326652]),
        ([(5, 40), (0, 10), (30, 300), (2, 15)], [0.31072015271766257, 0.1157188530648037, 0.047903129973418127, 0.5256578642441146]),
        ([(50_000, 1_000_000), (50_300, 1_000_000), (50_100, 1_000_000)], [0.11303671550499741, 0.66600519702533, 0.2209580874696783]),
    ])
    func threeOrMore(counts: [(Int, Int)], expected: [Double]) {
        let chances = chanceToBeBest(posteriors(counts.map { (conversions: $0.0, exposures: $0.1) }))
        #expect(chances.count == expected.count)
        for (chance, reference) in zip(chances, expected) {
            #expect(abs(chance - reference) < 1e-6, "\(chance) against \(reference)")
        }
        #expect(abs(chances.reduce(0, +) - 1) < 1e-12)
    }

    // The quadrature of two variations against the exact sums above, where the posteriors are most unlike: one narrow
    // beside a wide one, densities finite at 0 and at 1, and exposures in the tens of millions.
    @Test("the quadrature of two variations is the exact answer", arguments: [
        (3, 50, 0, 20, 0.24290671565625535),
        (0, 10, 10, 10, 0.9999985824289217),
        (12_000, 100_000, 1_200_000, 10_000_000, 0.49806237439689627),
        (1000, 1000, 9_999_000, 10_000_000, 0.9046563916385757),
    ])
    func quadratureOfTwo(conversionsA: Int, exposuresA: Int, conversionsB: Int, exposuresB: Int, expected: Double) {
        let chances = chancesByQuadrature(posteriors([(conversionsA, exposuresA), (conversionsB, exposuresB)]))
        #expect(abs(chances[1] - expected) < 1e-6, "\(chances[1]) against \(expected)")
    }
}
