"""The console's first page: the placements served, each a link to its preview, and the filter."""

import unittest
from urllib.parse import unquote, urlsplit

from selenium.webdriver.common.keys import Keys

import browser
import session


def previewed_placements(driver):
    """The placement ids the page links to a preview of, in page order."""
    prefix = "/console/placements/"
    paths = [urlsplit(link.get_attribute("href")).path
             for link in driver.find_elements("css selector", f"a[href^='{prefix}']")]
    return [unquote(path[len(prefix):]) for path in paths]


class Overview(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.run_ = session.current
        cls.page = cls.run_.page("console")

    def test_every_served_placement_links_to_its_preview(self):
        served = self.run_.sample.json("/v1/placements")["placements"]
        self.run_.javascript.get(self.page.url)
        self.assertEqual(sorted(previewed_placements(self.run_.javascript)), sorted(p["id"] for p in served))

    def test_the_filter_works_with_javascript_off(self):
        served = self.run_.sample.json("/v1/placements")["placements"]
        expected = sorted(p["id"] for p in served if "promo" in p["id"].lower())
        self.assertTrue(0 < len(expected) < len(served))
        driver = self.run_.no_javascript
        driver.get(self.page.url)
        browser.press(driver, driver.find_element("css selector", "input[name=q]"), "PROMO", Keys.ENTER)
        self.assertIn("q=PROMO", driver.current_url)
        self.assertEqual(sorted(previewed_placements(driver)), expected, "the placements whose id holds 'promo', in any case")

    def test_a_placement_opens_from_the_keyboard(self):
        driver = self.run_.javascript
        driver.get(self.page.url)
        link = next(link for link in driver.find_elements("css selector", "a[href^='/console/placements/']")
                    if link.text == session.PLACEMENT)
        for _ in range(len(driver.find_elements("css selector", "a, input, button, select")) + 2):
            if driver.switch_to.active_element == link:
                break
            driver.switch_to.active_element.send_keys(Keys.TAB)
        self.assertEqual(driver.switch_to.active_element, link, "Tab never reached the placement's link")
        browser.press(driver, link, Keys.ENTER)
        self.assertTrue(urlsplit(driver.current_url).path.endswith(f"/console/placements/{session.PLACEMENT}"), driver.current_url)
        self.assertTrue(driver.find_elements("css selector", "[data-locale][data-matched][lang][dir]"), "no card on the preview")
