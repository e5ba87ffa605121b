"""The report page's numbers against GET /v1/report over the same events, its CSV, and the SRM banner."""

import csv
import io
import unittest
from urllib.parse import urlencode, urlsplit

import fixtures
import session


class ReportPage(unittest.TestCase):
    """Reads the report page and GET /v1/report."""

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
        """Every row's numbers are a variation's in GET /v1/report for the same query (overall or in a group); each
        variation has a row with its chance to be best, and each group's variations a row."""
        page = self.run_.page(page_name)
        query = {"placement": session.PLACEMENT, **({"by": by} if by else {})}
        report = self.run_.sample.json("/v1/report?" + urlencode(query))
        self.driver.get(page.url)
        placement = next(p for p in report["placements"] if p["placementId"] == session.PLACEMENT)
        counts = lambda v: (v["variationId"], str(v["exposures"]), str(v["conversions"]))
        everywhere = [counts(v) for v in placement["variations"]] + [counts(v) for g in placement.get("groups", []) for v in g["variations"]]
        rows = self.rows()
        shown = [(row["variation"], row["exposures"], row["conversions"]) for row in rows]
        for row in shown:
            self.assertIn(row, everywhere, f"{page.url}: a row not in GET /v1/report")
        for variation in placement["variations"]:
            self.assertTrue(any((row["variation"], row["exposures"], row["conversions"]) == counts(variation)
                                and row["chance"] is not None
                                and float(row["chance"]) == variation["chanceToBeBest"] for row in rows),
                            f"{page.url}: no row of {variation} with its data-chance; rows {rows}")
        for group in placement.get("groups", []):
            for variation in group["variations"]:
                self.assertIn(counts(variation), shown, f"{page.url}: the {group['key']} {group['value']} split's row is missing")
        return placement



class Report(ReportPage):
    def test_the_rows_are_the_reports(self):
        placement = self.check_page_against_json("report")
        self.assertEqual(sum(v["exposures"] for v in placement["variations"]), 400, "the events ingested before serve started")
        self.assertEqual(placement["srm"]["mismatch"], False)
        self.assertEqual(self.banners(), ["ok"], "the SRM banner on the split the audience asks for")

    def test_the_pages_csv_link_gives_the_reports_numbers(self):
        placement = self.check_page_against_json("report-by-locale", by="locale")
        link = self.driver.find_element("css selector", "a[href*='format=csv']")
        target = urlsplit(link.get_attribute("href"))
        status, headers, body = self.run_.sample.request(f"{target.path}?{target.query}")
        self.assertEqual((status, headers.get("Content-Type", "").split(";")[0]), (200, "text/csv"))
        lines = [(line["group"], line["variation"], int(line["exposures"]), int(line["conversions"]), float(line["chance_to_be_best"]))
                 for line in csv.DictReader(io.StringIO(body.decode())) if line["placement"] == session.PLACEMENT]
        expected = [("", v["variationId"], v["exposures"], v["conversions"], v["chanceToBeBest"]) for v in placement["variations"]]
        expected += [(g["value"], v["variationId"], v["exposures"], v["conversions"], v["chanceToBeBest"])
                     for g in placement["groups"] for v in g["variations"]]
        self.assertEqual(sorted(lines), sorted(expected), f"the CSV of {link.get_attribute('href')}")

    def test_the_by_locale_split_is_the_reports(self):
        placement = self.check_page_against_json("report-by-locale", by="locale")
        self.assertEqual(len(placement["groups"]), len(fixtures.LOCALES))



class ReportWithPlantedMismatch(ReportPage):
    """Runs after Report (unittest orders a module's classes by name): the exposures it adds stay in the store."""

    def test_a_planted_sample_ratio_mismatch_is_shown(self):
        planted = fixtures.exposures(session.PLACEMENT, [(session.ALL_USERS[2], 1)], profiles=300, first_profile=10_000)
        for start in range(0, len(planted), 500):
            answer = self.run_.sample.json("/v1/events", {"events": planted[start:start + 500]})
            self.assertEqual(answer["rejectedCount"], 0, answer)
        placement = self.check_page_against_json("report")
        self.assertTrue(placement["srm"]["mismatch"], "GET /v1/report: 300 more exposures of the 20% variation")
        self.assertEqual(self.banners(), ["mismatch"])
        banner = self.driver.find_element("css selector", "[data-srm]").get_attribute("textContent")
        self.assertTrue(banner.strip(), "the mismatch banner says nothing a person can read")
