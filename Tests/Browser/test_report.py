"""The report page's numbers against GET /v1/report over the same events, and the SRM banner."""

import unittest
from urllib.parse import urlencode

import fixtures
import session

CHANCE_TOLERANCE = 0.0005  # data-chance may be rounded to a few digits; the JSON's value is the exact one


class Report(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.run_ = session.current
        cls.driver = cls.run_.javascript

    def rows(self):
        return [{name: row.get_attribute(f"data-{name}") for name in ("variation", "exposures", "conversions", "chance")}
                for row in self.driver.find_elements("css selector", "[data-variation][data-exposures]")]

    def banners(self):
        return [banner.get_attribute("data-srm") for banner in self.driver.find_elements("css selector", "[data-srm]")]

    def check_page_against_json(self, page_name, by=None):
        page = self.run_.page(page_name)
        query = {"placement": session.PLACEMENT, **({"by": by} if by else {})}
        report = self.run_.sample.json("/v1/report?" + urlencode(query))
        self.driver.get(page.url)
        placement = next(p for p in report["placements"] if p["placementId"] == session.PLACEMENT)
        expected = list(placement["variations"])
        for group in placement.get("groups", []):
            expected += group["variations"]
        rows = self.rows()
        self.assertTrue(rows, f"{page.url}: no element with data-variation and data-exposures")
        for row in rows:
            matches = [v for v in expected if v["variationId"] == row["variation"]
                       and str(v["exposures"]) == row["exposures"] and str(v["conversions"]) == row["conversions"]
                       and row["chance"] is not None and abs(float(row["chance"]) - v["chanceToBeBest"]) <= CHANCE_TOLERANCE]
            self.assertTrue(matches, f"{page.url}: the row {row} is not in GET /v1/report ({expected})")
        for variation in placement["variations"]:
            self.assertIn(variation["variationId"], {row["variation"] for row in rows},
                          f"{page.url}: no row for the variation {variation['variationId']}")
        for group in placement.get("groups", []):
            self.assertGreaterEqual(len(rows), len(placement["variations"]) + len(group["variations"]),
                                    f"{page.url}: the by-{by} split's rows are missing")
        return placement

    def test_the_rows_are_the_reports(self):
        placement = self.check_page_against_json("report")
        self.assertEqual(sum(v["exposures"] for v in placement["variations"]), 400, "the events ingested before serve started")
        self.assertEqual(placement["srm"]["mismatch"], False)
        self.assertEqual(self.banners(), ["ok"], "the SRM banner on the split the audience asks for")

    def test_the_by_locale_split_is_the_reports(self):
        placement = self.check_page_against_json("report-by-locale", by="locale")
        self.assertEqual(len(placement["groups"]), len(fixtures.LOCALES))

    def test_z_a_planted_sample_ratio_mismatch_is_shown(self):
        # Named to run last in this class: the exposures it adds stay in the store for the rest of the run.
        planted = fixtures.exposures(session.PLACEMENT, [(session.ALL_USERS[2], 1)], profiles=300, first_profile=10_000)
        for start in range(0, len(planted), 500):
            answer = self.run_.sample.json("/v1/events", {"events": planted[start:start + 500]})
            self.assertEqual(answer["rejectedCount"], 0, answer)
        placement = self.check_page_against_json("report")
        self.assertTrue(placement["srm"]["mismatch"], "GET /v1/report: 300 more exposures of the 20% variation")
        self.assertEqual(self.banners(), ["mismatch"])
        banner = self.driver.find_element("css selector", "[data-srm]").get_attribute("textContent")
        self.assertTrue(banner.strip(), "the mismatch banner says nothing a person can read")
