"""The snapshots page: the store's snapshots, and the changes between two as `paywalls diff` prints them."""

import unittest

import browser
import session
from serve import run_paywalls


class Snapshots(unittest.TestCase):
    def test_the_list_is_the_stores_snapshots(self):
        run = session.current
        run.javascript.get(run.page("snapshots").url)
        listed = [row.get_attribute("data-snapshot") for row in run.javascript.find_elements("css selector", "[data-snapshot]")]
        self.assertEqual(sorted(listed), sorted(run.sample_snapshots))

    def test_the_diff_is_what_paywalls_diff_prints(self):
        run = session.current
        older, newer = run.hostile_snapshots
        printed = run_paywalls(run.paywalls, "--store", run.hostile_store, "diff", older, newer).splitlines()
        self.assertEqual(printed[0], f"{older} -> {newer}:")
        changes = [line.strip() for line in printed[1:] if line.strip()]
        self.assertTrue(changes, "the hostile export changes strings and audiences")
        run.javascript.get(run.page("hostile-snapshots-diff").url)
        shown = run.javascript.find_element("css selector", "[data-changes]")
        self.assertEqual(shown.get_attribute("data-changes"), str(len(changes)))
        for change in changes:
            self.assertTrue(browser.shows_text(shown, change), f"the change {change!r} is not shown as it is printed")
