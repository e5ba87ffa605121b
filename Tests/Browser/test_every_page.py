"""What holds on every console page: its safety headers, axe-core, the keyboard, JavaScript off, a clean
console, nothing loaded from elsewhere, and a screenshot for a person to look at."""

import struct
import unittest
from urllib.parse import urlsplit

import browser
import session

# The data of a page, as a machine and a reader of its tables see it, and the fields of its forms.
PAGE_DATA = """
return {contract: arguments[0],
        cells: Array.from(document.querySelectorAll("th, td, caption")).map(cell => cell.textContent.trim()),
        fields: Array.from(document.querySelectorAll("input, select, textarea, button")).map(field => field.name + "=" + field.value)};
"""


def data_of(driver, url):
    driver.get(url)
    return driver.execute_script(PAGE_DATA, browser.contract(driver))


class EveryPage(unittest.TestCase):
    def check_safety_headers(self, page):
        status, headers, body = page.serve.request(page.path)
        self.assertEqual(status, page.status, f"{page.url}: {body[:300]!r}")
        self.assertTrue(headers.get("Content-Type", "").startswith("text/html"), f"{page.url}: Content-Type {headers.get('Content-Type')}")
        policy = headers.get("Content-Security-Policy")
        self.assertIsNotNone(policy, f"{page.url}: no Content-Security-Policy")
        directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.split()}
        scripts = directives.get("script-src", directives.get("default-src"))
        self.assertIsNotNone(scripts, f"{page.url}: the policy {policy!r} does not bound scripts")
        self.assertNotIn("'unsafe-inline'", scripts, f"{page.url}: inline script allowed by {policy!r}")
        self.assertNotIn("'unsafe-eval'", scripts, f"{page.url}: eval allowed by {policy!r}")
        for sources in directives.values():
            for source in sources:
                self.assertFalse(source.startswith(("http:", "https:", "*")) or "://" in source,
                                 f"{page.url}: the policy {policy!r} allows an outside origin ({source})")
        self.assertEqual(directives.get("frame-ancestors"), ["'none'"], f"{page.url}: frame-ancestors in {policy!r}")
        self.assertEqual(headers.get("X-Content-Type-Options"), "nosniff", f"{page.url}: X-Content-Type-Options")

    def check_accessibility(self, page):
        session.current.javascript.get(page.url)
        self.assertEqual(browser.accessibility_violations(session.current.javascript), [], f"{page.url}: axe-core")

    def check_keyboard(self, page):
        unreachable, controls = browser.keyboard_unreachable(session.current.javascript, page.url)
        self.assertGreater(controls, 0, f"{page.url}: no control at all (a console page links to the others)")
        self.assertEqual(unreachable, [], f"{page.url}: controls Tab never reaches, of {controls}")

    def check_without_javascript(self, page):
        with_script = data_of(session.current.javascript, page.url)
        without = data_of(session.current.no_javascript, page.url)
        self.assertTrue(any(with_script.values()), f"{page.url}: neither contract data, a table nor a form")
        self.assertEqual(without, with_script, f"{page.url}: the page's data with JavaScript off, against on")

    def check_console_and_origins(self, page):
        driver = session.current.javascript
        browser.open_page(driver, page.url)
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(page.url))
        loaded = driver.execute_script("return performance.getEntriesByType('resource').map(entry => entry.name)")
        self.assertEqual([name for name in loaded if not name.startswith(origin + "/")], [],
                         f"{page.url}: resources from elsewhere than {origin}")
        self.assertIsNone(browser.alert_text(driver))
        # Chromium reports a page that came with an error status as a failed load: the login form's own 401 is no fault.
        own_status = f"{page.url} - Failed to load resource: the server responded with a status of {page.status} "
        errors = [message for message in browser.console_errors(driver) if page.status == 200 or not message.startswith(own_status)]
        self.assertEqual(errors, [], f"{page.url}: the browser's console")

    def check_screenshot(self, page):
        status, _, _ = page.serve.request(page.path)
        self.assertEqual(status, page.status, f"{page.url}: no page to take a picture of")
        driver = session.current.javascript
        driver.get(page.url)
        path = session.current.output / f"{page.name}.png"
        browser.screenshot(driver, path)
        header = path.read_bytes()[:24]
        self.assertEqual(header[:8], b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG")
        width, height = struct.unpack(">II", header[16:24])
        self.assertEqual(width, browser.WIDTH, f"{path}: width")
        self.assertGreaterEqual(height, browser.HEIGHT, f"{path}: height")


def add_checks():
    """A test per page and check, named test_<page>_<check> (test_preview_accessibility, say)."""
    for name in session.PAGE_NAMES:
        for check in ("safety_headers", "accessibility", "keyboard", "without_javascript", "console_and_origins", "screenshot"):
            def test(self, name=name, check=check):
                getattr(self, f"check_{check}")(session.current.page(name))
            setattr(EveryPage, f"test_{name.replace('-', '_')}_{check}", test)


add_checks()
