"""The placement preview's cards against what the JSON route answers for the same request."""

import json
import re
import unittest
from urllib.parse import quote

import browser
import session
from serve import SAMPLE_EXPORT


def text_of(value):
    """A bundle string as a page shows it: rich text is its runs' texts joined."""
    return value if isinstance(value, str) else "".join(run["text"] for run in value)


def bundle(serve, locale, mode=None):
    query = f"locale={quote(locale)}&profile_id=user-1&country=US" + (f"&mode={mode}" if mode else "")
    return serve.json(f"/v1/placements/{session.PLACEMENT}/bundle?{query}")


class Preview(unittest.TestCase):
    page_name = "preview"
    mode = None

    @classmethod
    def setUpClass(cls):
        run = session.current
        cls.page = run.page(cls.page_name)
        cls.driver = run.javascript
        cls.driver.get(cls.page.url)
        cls.bundles = {locale: bundle(cls.page.serve, locale, cls.mode) for locale in session.PREVIEW_LOCALES}

    def card(self, locale):
        found = [card for card in browser.cards(self.driver) if card.get_attribute("data-locale") == locale]
        self.assertEqual(len(found), 1, f"{self.page.url}: expected one card with data-locale={locale}, found {len(found)}")
        return found[0]

    def test_a_card_per_requested_locale_matched_as_the_json_route_matches(self):
        requested = sorted(card.get_attribute("data-locale") for card in browser.cards(self.driver))
        self.assertEqual(requested, sorted(session.PREVIEW_LOCALES), "the cards' data-locale, against the locales asked for")
        for locale, answer in self.bundles.items():
            self.assertEqual(self.card(locale).get_attribute("data-matched"), answer["locale"]["matched"],
                             f"the {locale} card's data-matched, against the bundle's locale.matched")

    def test_each_card_has_the_language_and_direction_of_its_matched_locale(self):
        for locale, answer in self.bundles.items():
            card = self.card(locale)
            matched = answer["locale"]["matched"]
            self.assertEqual((card.get_attribute("lang") or "").split("-")[0].lower(), matched.split("-")[0].lower(),
                             f"the {locale} card's lang, against the language it shows ({matched})")
            right_to_left = answer["viewConfiguration"]["isRightToLeft"]
            self.assertEqual(card.get_attribute("dir"), "rtl" if right_to_left else "ltr", f"the {locale} card's dir")

    def test_the_arabic_card_is_right_to_left_and_shown_so(self):
        card = self.card("ar-EG")
        self.assertEqual(card.get_attribute("dir"), "rtl")
        self.assertEqual(card.value_of_css_property("direction"), "rtl", "the Arabic card's computed CSS direction")

    def check_strings(self, rich):
        """Each string of the bundle (plain ones, or rich text ones) shown in its card with its text and data-from."""
        checked = 0
        for locale, answer in self.bundles.items():
            configuration = answer["viewConfiguration"]
            shown = {element.get_attribute("data-key"): element
                     for element in self.card(locale).find_elements("css selector", "[data-key]")}
            self.assertEqual(sorted(shown), sorted(configuration["strings"]), f"the {locale} card's data-key set")
            for key, value in configuration["strings"].items():
                if isinstance(value, str) == rich:
                    continue
                checked += 1
                self.assertTrue(browser.shows_text(shown[key], text_of(value)),
                                f"the {locale} card's string {key} does not show {text_of(value)!r}: "
                                f"{shown[key].get_attribute('textContent')!r}")
                self.assertEqual(shown[key].get_attribute("data-from"), configuration["stringLocales"][key],
                                 f"the {locale} card's string {key}: data-from")
        self.assertGreater(checked, 0, "no such string in the bundles")

    def test_each_string_is_the_bundles_with_the_locale_it_came_from(self):
        self.check_strings(rich=False)

    def test_each_rich_text_string_shows_its_runs_as_the_app_does(self):
        # The sample's `badge` is rich text: [{"text": "Save "}, {"text": "50%", "attributes": {"bold": true}}].
        self.check_strings(rich=True)

    def test_fallback_strings_name_another_locale_than_the_cards(self):
        fallbacks = 0
        for locale, answer in self.bundles.items():
            card = self.card(locale)
            matched = card.get_attribute("data-matched")
            for element in card.find_elements("css selector", "[data-key]"):
                expected = answer["viewConfiguration"]["stringLocales"][element.get_attribute("data-key")]
                if expected != answer["locale"]["matched"]:
                    fallbacks += 1
                    self.assertNotEqual(element.get_attribute("data-from"), matched,
                                        f"{locale}: the fallback string {element.get_attribute('data-key')} is not marked")
        self.assertGreater(fallbacks, 0, "the requested locales were chosen to have fallback strings (es-MX from es)")

    def test_the_matrix_has_a_cell_per_requested_locale_with_its_result(self):
        for locale, answer in self.bundles.items():
            cells = self.driver.find_elements("css selector", f"[data-locale='{locale}'][data-result]:not([lang])")
            self.assertEqual([cell.get_attribute("data-result") for cell in cells], [answer["locale"]["result"]],
                             f"the matrix's cells of {locale}, against the bundle's locale.result")

    def test_where_the_two_rules_differ_both_are_shown(self):
        other = "adapty" if self.mode is None else None
        others = {locale: bundle(self.page.serve, locale, other) for locale in session.PREVIEW_LOCALES}
        ours = {locale: answer["locale"]["matched"] for locale, answer in self.bundles.items()}
        theirs = {locale: answer["locale"]["matched"] for locale, answer in others.items()}
        differing = {locale for locale in ours if ours[locale] != theirs[locale]}
        self.assertTrue({"zh-TW", "es-MX"} <= differing, f"the known differences, from the JSON route: {differing}")
        for locale in session.PREVIEW_LOCALES:
            strings = lambda answer: answer["viewConfiguration"]["strings"]
            differs = locale in differing or strings(self.bundles[locale]) != strings(others[locale])
            rows = self.driver.find_elements("css selector", f"[data-locale='{locale}'][data-ours]")
            self.assertEqual([(row.get_attribute("data-ours"), row.get_attribute("data-vendor"), row.get_attribute("data-differs"))
                              for row in rows], [(ours[locale], theirs[locale], "true" if differs else "false")],
                             f"{self.page.url}: the comparison's row of {locale}")
            if locale in differing:
                words = re.findall(r"[\w-]+", rows[0].get_attribute("innerText"))
                self.assertTrue(ours[locale] in words and theirs[locale] in words,
                                f"{self.page.url}: the comparison's row of {locale} does not show {ours[locale]} and {theirs[locale]}: {words}")

    def test_each_product_with_the_bundles_localized_price(self):
        for locale, answer in self.bundles.items():
            shown = {element.get_attribute("data-product"): element.get_attribute("data-price")
                     for element in self.card(locale).find_elements("css selector", "[data-product]")}
            expected = {product["vendorProductId"]: product["localizedPrice"] for product in answer["products"]}
            self.assertEqual(shown, expected, f"the {locale} card's products and prices")


class TraditionalChinese(unittest.TestCase):
    def test_zh_TW_shows_the_exports_Traditional_strings(self):
        run = session.current
        run.javascript.get(run.page("preview").url)
        card = next(card for card in browser.cards(run.javascript) if card.get_attribute("data-locale") == "zh-TW")
        self.assertEqual(card.get_attribute("data-matched"), "zh-hant")
        export = json.loads(SAMPLE_EXPORT.read_text())
        hero = next(paywall for paywall in export["paywalls"] if paywall["id"] == "pw_onboarding_hero")
        title = card.find_element("css selector", "[data-key=title]")
        self.assertTrue(browser.shows_text(title, hero["localizations"]["zh-hant"]["strings"]["title"]))
        self.assertFalse(browser.shows_text(title, hero["localizations"]["zh"]["strings"]["title"]))


class DeviceCard(unittest.TestCase):
    """A device's Accept-Language list as a phone sends it: one card, matched as the bundle route matches the list."""

    DEVICE = "ar-SA,ar;q=0.9,en-US;q=0.8"

    def test_the_devices_card_is_the_bundle_of_its_whole_list(self):
        run = session.current
        run.javascript.get(run.sample.url + session.console_path(f"placements/{session.PLACEMENT}", device=self.DEVICE,
                                                                  profile_id="user-1", country="US"))
        answer = bundle(run.sample, self.DEVICE)
        cards = [card for card in browser.cards(run.javascript) if card.get_attribute("data-locale") == self.DEVICE]
        self.assertEqual(len(cards), 1, "one card for the device's list")
        self.assertEqual((cards[0].get_attribute("data-matched"), cards[0].get_attribute("dir")),
                         (answer["locale"]["matched"], "rtl"))


class AdaptyPreview(Preview):
    """The same contract under the vendor's rule, compared with ours."""

    page_name = "preview-adapty"
    mode = "adapty"
