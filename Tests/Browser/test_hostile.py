"""An export whose strings are markup and bidi overrides: shown as the text they are, running nothing."""

import unittest

import browser
import fixtures
import session


class HostileStrings(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        run = session.current
        cls.driver = run.javascript
        cls.pages = [run.page("hostile-preview"), run.page("hostile-console"), run.page("hostile-snapshots-diff")]
        answer = run.hostile.json(f"/v1/placements/{session.PLACEMENT}/bundle?locale=en&profile_id=user-1&country=US")
        if answer["paywallId"] != fixtures.HOSTILE_PAYWALL:
            raise AssertionError(f"user-1 is shown {answer['paywallId']}, not the paywall with the hostile strings")

    def visit(self, page):
        status, _, _ = page.serve.request(page.path)
        self.assertEqual(status, 200, f"{page.url}: no page, so nothing shown of the hostile strings")
        browser.open_page(self.driver, page.url)
        return page

    def test_no_script_runs_and_the_console_stays_clean(self):
        for page in self.pages:
            self.visit(page)
            self.assertIsNone(browser.alert_text(self.driver), f"{page.url}: an alert ran")
            self.assertIsNone(self.driver.execute_script("return window.__pwned"), f"{page.url}: an injected script ran")
            self.assertEqual(browser.console_errors(self.driver), [], f"{page.url}: console errors (a CSP violation is one)")

    def test_no_element_comes_from_a_string(self):
        for page in self.pages:
            self.visit(page)
            injected = self.driver.execute_script("""
                return Array.from(document.querySelectorAll("img[src=x], [onerror], [onmouseover], script:not([src])"))
                  .map(element => element.outerHTML.slice(0, 120));""")
            self.assertEqual(injected, [], f"{page.url}: elements made of the export's strings")

    def test_each_card_shows_the_strings_as_text(self):
        self.visit(session.current.page("hostile-preview"))
        for locale in ("en", "ar-EG"):
            card = next(card for card in browser.cards(self.driver) if card.get_attribute("data-locale") == locale)
            for key, value in fixtures.HOSTILE_STRINGS.items():
                shown = card.find_element("css selector", f"[data-key='{key}']")
                self.assertTrue(browser.shows_text(shown, value),
                                f"the {locale} card's {key} does not show {value!r}: {shown.get_attribute('textContent')!r}")

    def test_a_bidi_override_is_isolated(self):
        self.visit(session.current.page("hostile-preview"))
        card = next(card for card in browser.cards(self.driver) if card.get_attribute("data-locale") == "en")
        element = card.find_element("css selector", "[data-key='cta']")
        isolated = self.driver.execute_script("""
            const [element, wanted] = arguments;
            const squeeze = text => text.split(/\\s+/).filter(part => part).join(" ");
            const holders = [element, ...element.querySelectorAll("*")].filter(node => squeeze(node.textContent) === squeeze(wanted));
            // Only the elements that hold the string alone: an isolating one further out leaves the text beside it exposed.
            return holders.some(holder => {
              for (let node = holder; node && squeeze(node.textContent) === squeeze(wanted); node = node.parentElement) {
                if (node.tagName === "BDI" || getComputedStyle(node).unicodeBidi.includes("isolate")) return true;
              }
              return false;
            });""", element, fixtures.BIDI_OVERRIDE)
        self.assertTrue(isolated, "the string with U+202E is in no <bdi> (nor unicode-bidi: isolate): it reorders the text after it")

    def test_the_audiences_name_and_a_products_title_are_text(self):
        texts = []
        for page in self.pages:
            self.visit(page)
            texts.append(self.driver.execute_script("return document.title + ' ' + document.body.textContent"))
        self.assertIn(fixtures.HOSTILE_NAME, texts[0], "the audience's name, as text, on the preview (why)")
        self.assertIn(fixtures.HOSTILE_NAME, texts[1], "the audience's name, as text, on the console's placements")
        self.assertIn(fixtures.HOSTILE_NAME, texts[2], "the audience's name, as text, in the diff of the snapshots")
        self.assertIn(fixtures.HOSTILE_PRODUCT_TITLE, texts[0], "the product's title, as text, on the preview")
