"""Headless Chromium through Debian's chromedriver, and what the tests read from a page."""

import base64
import os
from pathlib import Path

from axe_core_python.selenium import Axe
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WIDTH, HEIGHT = 1280, 900
TALLEST_SCREENSHOT = 6000

# Selenium Manager is never asked for a driver or a browser: both are given by path, and it is told it is offline.
os.environ["SE_OFFLINE"] = "true"


def chromium(javascript=True):
    """A headless Chromium that keeps the page's console messages (`browser_log`), with JavaScript on or off."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={WIDTH},{HEIGHT}", "--lang=en-US",
                     # Loopback only: no proxy, and no request of the browser's own to anywhere else.
                     "--no-proxy-server", "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--no-first-run", "--disable-default-apps"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(30)
    return driver


def open_page(driver, url):
    """Loads `url`, the console messages of the pages before it set aside, so that the next read is this page's."""
    driver.get_log("browser")
    driver.get(url)


def press(driver, element, *keys):
    """Sends keys that submit a form or follow a link, and waits (10 s at most) until the page they open replaces
    this one: Selenium returns as soon as the keys are sent, before the next page has loaded."""
    page = driver.find_element("tag name", "html")
    element.send_keys(*keys)
    WebDriverWait(driver, 10).until(lambda _: replaced(page))


def replaced(element):
    """Whether `element` has left the document: Chromium says so of a page replaced as a stale element, or, asked while
    the next page is on its way, as a node that belongs to no document (which Selenium's `staleness_of` raises)."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in (error.msg or ""):
            return True
        raise


def console_errors(driver):
    """The page's console messages of level SEVERE or WARNING (a CSP violation, a script error, a failed load).

    The browser's own request for /favicon.ico is left out: no page asks for it.
    """
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] in ("SEVERE", "WARNING") and "/favicon.ico" not in entry["message"]]


def alert_text(driver):
    """The text of an open alert (a script ran), closed so that the browser goes on, else None."""
    try:
        alert = driver.switch_to.alert
    except NoAlertPresentException:
        return None
    text = alert.text
    alert.accept()
    return text


# Every element that carries a part of the page's contract, as (tag, the data-* attributes and lang/dir) in
# document order, with its text where the contract compares it.
CONTRACT_READER = """
const names = ["data-locale", "data-matched", "data-key", "data-from", "data-product", "data-price", "data-result",
               "data-variation", "data-exposures", "data-conversions", "data-chance", "data-srm"];
return Array.from(document.querySelectorAll(names.map(n => "[" + n + "]").join(","))).map(element => {
  const attributes = {};
  for (const name of names.concat(["lang", "dir"])) {
    if (element.hasAttribute(name)) attributes[name] = element.getAttribute(name);
  }
  return {tag: element.tagName.toLowerCase(), attributes: attributes,
          text: element.hasAttribute("data-key") ? element.textContent : null};
});
"""


def contract(driver):
    return driver.execute_script(CONTRACT_READER)


def cards(driver):
    """Each card: an element with data-locale, data-matched, lang and dir (a matrix cell has no lang and dir)."""
    return driver.find_elements("css selector", "[data-locale][data-matched][lang][dir]")


def shows_text(element, text):
    """Whether the element, or an element inside it, holds exactly `text` (spaces squeezed) as its text."""
    return element.parent.execute_script("""
        const squeeze = text => text.split(/\\s+/).filter(part => part).join(" ");
        const wanted = squeeze(arguments[1]);
        return [arguments[0], ...arguments[0].querySelectorAll("*")].some(node => squeeze(node.textContent) === wanted);
        """, element, text)


def accessibility_violations(driver):
    """axe-core's violations on the page (the axe.min.js of the axe-core-python wheel, nothing fetched)."""
    results = Axe().run(driver)
    return [f"{violation['id']} ({violation['impact']}): {violation['help']}: "
            + "; ".join(node["html"][:160] for node in violation["nodes"][:3])
            for violation in results["violations"]]


FOCUSABLE = """
return Array.from(document.querySelectorAll(
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), " +
  "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])"))
  .filter(element => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden");
"""

DESCRIBE = """
const element = arguments[0];
return element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") +
  (element.getAttribute("name") ? "[name=" + element.getAttribute("name") + "]" : "") +
  (element.getAttribute("href") ? "[href=" + element.getAttribute("href") + "]" : "") +
  " '" + (element.textContent || element.value || "").trim().slice(0, 40) + "'";
"""


def keyboard_unreachable(driver, url):
    """The visible controls of the page at `url` that Tab never focuses, pressing it from the top of the freshly
    loaded page once per control and a few more; and how many controls there are."""
    driver.get(url)
    controls = driver.execute_script(FOCUSABLE)
    reached = []
    actions = ActionChains(driver)
    for _ in range(len(controls) + 3):
        actions.send_keys(Keys.TAB).perform()
        reached.append(driver.execute_script("return document.activeElement"))
    reached_ids = {element.id for element in reached if element is not None}
    return [driver.execute_script(DESCRIBE, control) for control in controls if control.id not in reached_ids], len(controls)


def screenshot(driver, path):
    """A PNG of the whole page (up to TALLEST_SCREENSHOT pixels tall) at `path`."""
    height = min(TALLEST_SCREENSHOT, driver.execute_script("return document.documentElement.scrollHeight"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": max(height, HEIGHT), "deviceScaleFactor": 1, "mobile": False})
    try:
        png = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        Path(path).write_bytes(base64.b64decode(png["data"]))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
