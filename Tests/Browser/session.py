"""What every browser test shares, made once per run: the stores, their `serve`s and the two browsers."""

import secrets
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlencode

import browser
import fixtures
from serve import SAMPLE_EXPORT, VENDOR_FILE, Serve, make_store, run_paywalls

# The preview's request: the users the console is for (a Brazilian, an Egyptian, a Taiwanese, a Mexican, a
# French user), one profile and country so that the JSON route is asked for the same variation.
PREVIEW_LOCALES = ["pt-BR", "ar-EG", "zh-TW", "es-MX", "fr-FR"]
PREVIEW_QUERY = {"locales": ",".join(PREVIEW_LOCALES), "profile_id": "user-1", "country": "US"}
PLACEMENT = "onboarding"
ALL_USERS = fixtures.variations_of(PLACEMENT)
# Exposures in the audience's own split (50/30/20): no sample-ratio mismatch.
BALANCED = list(zip(ALL_USERS, (5, 3, 2)))


# Every page the tests visit, in the order of Session.pages.
PAGE_NAMES = ["console", "preview", "preview-adapty", "report", "report-by-locale", "coverage", "snapshots",
              "hostile-console", "hostile-preview", "hostile-snapshots-diff", "login"]

# The run's session, set by run.py before the first test.
current = None


def console_path(path, **query):
    return "/console/" + path + ("?" + urlencode(query) if query else "")


class Page:
    """A console page the tests visit: a name for its screenshot, the serve it is on, its path and its status (the
    login form comes with 401, the page asked for being refused until then)."""

    def __init__(self, name, serve, path, status=200):
        self.name, self.serve, self.path, self.status = name, serve, path, status

    @property
    def url(self):
        return self.serve.url + self.path


class Session:
    def __init__(self, paywalls, output):
        self.paywalls = Path(paywalls)
        self.output = Path(output)
        self.work = Path(tempfile.mkdtemp(prefix="paywalls-browser-"))
        self.serves = []
        self.drivers = []
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _start(self):
        sample_store = self.work / "sample-store"
        self.sample_snapshots = make_store(self.paywalls, sample_store, [(SAMPLE_EXPORT, "local"), (VENDOR_FILE, "vendor")])
        events = fixtures.write_lines(fixtures.exposures(PLACEMENT, BALANCED, profiles=400), self.work / "events.jsonl")
        run_paywalls(self.paywalls, "events", "ingest", events, "--store", sample_store)
        hostile_store = self.work / "hostile-store"
        # The sample first, then the hostile strings as its next revision: a diff of the two holds them too.
        self.hostile_snapshots = make_store(self.paywalls, hostile_store, [
            (SAMPLE_EXPORT, "local"), (fixtures.hostile_export(self.work / "hostile-export.json"), "local")])
        self.hostile_store = hostile_store

        guarded_store = self.work / "guarded-store"
        make_store(self.paywalls, guarded_store, [(SAMPLE_EXPORT, "local")])
        self.admin_token = "admin-" + secrets.token_hex(16)
        for name, token in (("admin.token", self.admin_token), ("app.token", "app-" + secrets.token_hex(16))):
            (self.work / name).write_text(token + "\n")
            (self.work / name).chmod(0o600)

        self.sample = self._serve(sample_store, "sample")
        self.hostile = self._serve(hostile_store, "hostile")
        self.guarded = self._serve(guarded_store, "guarded", ["--token-file", self.work / "app.token",
                                                              "--admin-token-file", self.work / "admin.token"])
        self.javascript = self._driver(javascript=True)
        self.no_javascript = self._driver(javascript=False)

        preview = console_path(f"placements/{PLACEMENT}", **PREVIEW_QUERY)
        self.pages = [
            Page("console", self.sample, console_path("")),
            Page("preview", self.sample, preview),
            Page("preview-adapty", self.sample, console_path(f"placements/{PLACEMENT}", **PREVIEW_QUERY, mode="adapty")),
            Page("report", self.sample, console_path("report", placement=PLACEMENT)),
            Page("report-by-locale", self.sample, console_path("report", placement=PLACEMENT, by="locale")),
            Page("coverage", self.sample, console_path("coverage")),
            Page("snapshots", self.sample, console_path("snapshots")),
            Page("hostile-console", self.hostile, console_path("")),
            Page("hostile-preview", self.hostile,
                 console_path(f"placements/{PLACEMENT}", locales="en,ar-EG", profile_id="user-1", country="US")),
            Page("hostile-snapshots-diff", self.hostile,
                 console_path("snapshots", **{"from": self.hostile_snapshots[0], "to": self.hostile_snapshots[1]})),
            Page("login", self.guarded, console_path("login"), status=401),
        ]
        assert [page.name for page in self.pages] == PAGE_NAMES

    def _serve(self, store, name, arguments=()):
        serve = Serve(self.paywalls, store, self.output, name, arguments)
        self.serves.append(serve)
        return serve

    def _driver(self, javascript):
        driver = browser.chromium(javascript=javascript)
        self.drivers.append(driver)
        return driver

    def page(self, name):
        return next(page for page in self.pages if page.name == name)

    def close(self):
        """Quits the browsers and stops each serve by its pid; returns the serves that did not exit 0 on SIGTERM."""
        for driver in self.drivers:
            driver.quit()
        unclean = [f"serve ({serve.name}) exited {status}" for serve in self.serves if (status := serve.stop()) != 0]
        shutil.rmtree(self.work, ignore_errors=True)
        return unclean
