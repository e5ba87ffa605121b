"""The console of a serve with an admin token: asked once in a form, then a session cookie that is not the token."""

import unittest

from selenium.webdriver.common.keys import Keys

import browser
import session


class Login(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.run_ = session.current
        cls.driver = cls.run_.javascript
        cls.driver.delete_all_cookies()

    @classmethod
    def tearDownClass(cls):
        # Cookies are kept per host, not per port: the other serves on 127.0.0.1 must not see this session.
        cls.driver.delete_all_cookies()

    def type_token(self, token):
        self.driver.get(self.run_.guarded.url + "/console/")
        field = self.driver.find_element("css selector", "input[name=token]")
        self.assertEqual(field.get_attribute("type"), "password", "the token's field shows what is typed")
        browser.press(self.driver, field, token, Keys.ENTER)

    def placements_shown(self):
        return self.driver.find_elements("css selector", "a[href^='/console/placements/']")

    def test_a_wrong_token_opens_nothing_and_the_admin_token_opens_a_session(self):
        self.type_token(self.run_.admin_token + "x")
        self.assertEqual(self.placements_shown(), [], "a wrong token showed the placements")
        self.assertEqual(self.driver.get_cookies(), [], "a wrong token got a cookie")
        self.assertTrue(self.driver.find_elements("css selector", "input[name=token]"), "the form again after a wrong token")

        self.type_token(self.run_.admin_token)
        self.assertTrue(self.placements_shown(), f"the admin token did not open the console: {self.driver.current_url}")
        cookies = self.driver.get_cookies()
        self.assertEqual(len(cookies), 1, cookies)
        cookie = cookies[0]
        self.assertTrue(cookie["httpOnly"], cookie)
        self.assertEqual(cookie.get("sameSite"), "Strict", cookie)
        self.assertNotIn(self.run_.admin_token, cookie["value"], "the cookie holds the token")
        self.assertNotIn(cookie["value"], self.driver.execute_script("return document.cookie"), "a script can read the session")
        self.driver.get(self.run_.guarded.url + f"/console/placements/{session.PLACEMENT}?locales=pt-BR")
        self.assertTrue(self.driver.find_elements("css selector", "[data-locale='pt-BR'][data-matched]"), "the session reaches a preview")

    def test_the_app_token_is_not_the_consoles(self):
        self.driver.delete_all_cookies()
        app_token = (self.run_.work / "app.token").read_text().strip()
        self.type_token(app_token)
        self.assertEqual(self.placements_shown(), [], "the app token opened the console")
        self.assertEqual(self.driver.get_cookies(), [])
