"""The coverage heat map: each cell what the locale route answers for that device locale and that paywall's localizations."""

import json
import unittest
from urllib.parse import urlencode

import session
from serve import SAMPLE_EXPORT


class Coverage(unittest.TestCase):
    def test_each_sample_paywalls_row_is_what_the_locale_route_matches(self):
        run = session.current
        run.javascript.get(run.page("coverage").url)
        rows = run.javascript.find_elements("css selector", "[data-content]")
        paywalls = json.loads(SAMPLE_EXPORT.read_text())["paywalls"]
        for paywall in paywalls:
            available = ",".join(paywall["localizations"])
            mine = [row for row in rows if row.get_attribute("data-content") == paywall["name"]]
            self.assertTrue(mine, f"no heat-map row of {paywall['name']!r}")
            cells = run.javascript.execute_script(
                "return Array.from(arguments[0].querySelectorAll('[data-locale][data-result]'))"
                ".map(cell => [cell.getAttribute('data-locale'), cell.getAttribute('data-result')])", mine[0])
            self.assertTrue(cells, f"the row of {paywall['name']!r} has no cell")
            for device, result in cells:
                match = run.sample.json("/v1/locales/match?" + urlencode({"available": available, "locale": device}))
                self.assertEqual(result, match["outcome"], f"{paywall['name']!r} × {device}: the locale route matched {match['matched']}")
