#!/usr/bin/env python3
"""Generates a realistic synthetic `paywall-export` v1 document (docs/formats.md) for benchmarks.

The document imitates one big app's dashboard export: segments on country, attribution source,
app version, platform and custom attributes; products with prices in a dozen currencies (decimal
strings); a few hundred paywalls shared by the placements, each localized into N_LOCALES real
locale keys (`en` always present and complete, the others partial: some strings, assets and
remote configs left out so that string-by-string merging matters); rich-text string arrays; nested
remote configs; and placements with several audiences, A/B tests and exactly one default audience.
All ids are unique, every reference resolves, variation weights sum to 100.

The output depends only on the arguments and --seed. It is written element by element (one
segment, product, paywall or placement per line), so memory stays small whatever the size.
1,000 placements x 40 locales is about 100 MB. Standard library only.
"""

import argparse
import json
import random
import signal
import sys
import uuid

# --- locales ----------------------------------------------------------------------------------------

# Export locale keys as dashboards spell them, in the order an app adds them: the first N_LOCALES are
# the app's locales. The early ones exercise the interesting fallbacks (pt-br -> pt, zh-hant never zh,
# es-419 -> es). Each names the writing system its generated text uses.
LOCALES = [
    ("en", "latn"), ("pt-br", "latn"), ("pt", "latn"), ("zh-hant", "hant"), ("zh", "hans"),
    ("es-419", "latn"), ("es", "latn"), ("de", "latn"), ("fr", "latn"), ("ja", "jpan"),
    ("ko", "kore"), ("ar", "arab"), ("he", "hebr"), ("it", "latn"), ("ru", "cyrl"),
    ("tr", "latn"), ("nl", "latn"), ("pl", "latn"), ("sv", "latn"), ("id", "latn"),
    ("th", "thai"), ("vi", "latn"), ("uk", "cyrl"), ("da", "latn"), ("nb", "latn"),
    ("fi", "latn"), ("cs", "latn"), ("el", "grek"), ("ro", "latn"), ("hu", "latn"),
    ("ms", "latn"), ("hi", "deva"), ("fil", "latn"), ("ca", "latn"), ("hr", "latn"),
    ("sk", "latn"), ("bg", "cyrl"), ("fr-ca", "latn"), ("en-gb", "latn"), ("sr-latn", "latn"),
    ("lt", "latn"), ("lv", "latn"), ("et", "latn"), ("sl", "latn"), ("fa", "arab"),
    ("bn", "beng"), ("ta", "taml"), ("ur", "arab"), ("sw", "latn"), ("is", "latn"),
    ("ka", "geor"), ("hy", "armn"), ("kk", "cyrl"), ("az", "latn"), ("uz", "latn"),
    ("mn", "cyrl"), ("km", "khmr"), ("my", "mymr"), ("af", "latn"), ("es-mx", "latn"),
]
RIGHT_TO_LEFT = {"ar", "he", "fa", "ur"}

# Syllables (or characters) per writing system, and whether words are separated by spaces.
SCRIPTS = {
    "latn": ("ka lo mi re sta vo na di pre ten mar sol vi bel cor lu fa ge ri ton pla ser min ex qua "
             "ber gan dor fel hin jo kle mon nor pul rat sen tro un vel zar", True),
    "cyrl": ("ка ло ми ре ста во на ди пре тен мар сол ви бел кор лу фа ге ри тон пла сер мин жи щу "
             "ть ый ой ем ого ать", True),
    "grek": ("κα λο μι ρε στα βο να δι πρε τεν μαρ σολ βι γε ρι τον πλα σερ μιν ξυ ψη ω ής ός", True),
    "arab": ("سل ام كت اب مر حب نو رة تط بي قا ال من في عل ها ون ين ية ات", True),
    "hebr": ("של ום ספ ר מנ וי חד ש תו כנ ית ים ות הר על בר גל דם", True),
    "hans": ("睡眠更好今晚开始引导冥想故事离线收听无广告高级版免费试用每月年度订阅恢复购买条款隐私取消设置"
             "解锁全部内容立即体验专属优惠限时特价首周会员权益声音放松专注呼吸", False),
    "hant": ("睡眠更好今晚開始引導冥想故事離線收聽無廣告高級版免費試用每月年度訂閱恢復購買條款隱私取消設定"
             "解鎖全部內容立即體驗專屬優惠限時特價首週會員權益聲音放鬆專注呼吸", False),
    "jpan": ("睡眠今夜始瞑想物語広告無料体験月額年額購読復元規約設定解除全部内容限定特典"
             "のをにはがでとしてますすぐおためしプレミアムスリープストーリー", False),
    "kore": None,   # Hangul syllables, generated below
    "thai": ("การ นอน หลับ ดี ขึ้น คืน นี้ เริ่ม ทดลอง ฟรี รายเดือน รายปี ยกเลิก ได้ ทุก เมื่อ", False),
    "deva": ("क ख ग म न र ल स ह त द प ब य व ा ि ी ु े ो ं", True),
    "beng": ("ক খ গ ম ন র ল স হ ত দ প ব য ় া ি ী ু ে ো", True),
    "taml": ("க ச ட த ந ப ம ய ர ல வ ள ா ி ீ ு ெ ே ை", True),
    "geor": ("ა ბ გ დ ე ვ ზ თ ი კ ლ მ ნ ო პ რ ს ტ უ", True),
    "armn": ("ա բ գ դ ե զ է ը թ ի լ խ կ հ մ յ ն շ ո", True),
    "khmr": ("ក ខ គ ង ច ជ ញ ដ ត ន ប ម យ រ ល ស ា ិ ី", False),
    "mymr": ("က ခ ဂ င စ ဆ ည တ ထ ဒ န ပ ဖ ဗ မ ယ ရ လ ာ ိ", False),
}

# Extra letters some Latin-script languages use, so their text is not pure ASCII.
LATIN_EXTRAS = {
    "pt-br": "ã õ ç é ê á", "pt": "ã õ ç é ê á", "es": "ñ á é í ó ú", "es-419": "ñ á é í ó ú",
    "es-mx": "ñ á é í ó", "de": "ä ö ü ß", "fr": "é è ê à ç", "fr-ca": "é è ê à ç",
    "tr": "ç ğ ı ö ş ü", "pl": "ą ć ę ł ń ó ś ż", "cs": "č ě ř š ž ů", "sk": "č ľ š ž ô",
    "ro": "ă â î ș ț", "hu": "á é ő ű ö", "vi": "ă â đ ê ô ơ ư ạ ế", "da": "æ ø å", "nb": "æ ø å",
    "sv": "å ä ö", "fi": "ä ö", "is": "ð þ æ ö", "lt": "ą č ę ė š ž", "lv": "ā č ē ģ ī š",
    "et": "õ ä ö ü", "sl": "č š ž", "hr": "č ć đ š ž", "sr-latn": "č ć đ š ž", "az": "ə ğ ı ş",
    "ca": "à è ç l·l",
}


def vocabulary(rng, locale, script, size=400):
    """`size` pseudo-words in the locale's writing system, and the word separator."""
    if script == "kore":
        units, spaced = [chr(0xAC00 + rng.randrange(11172)) for _ in range(60)], True
    else:
        text, spaced = SCRIPTS[script]
        units = text.split() if " " in text else list(text)
    if script == "latn":
        units = units + LATIN_EXTRAS.get(locale, "").split() * 2
    low, high = (2, 4) if spaced else (1, 3)
    words = ["".join(rng.choice(units) for _ in range(rng.randint(low, high))) for _ in range(size)]
    return words, " " if spaced else ""


# --- the app's catalogue ----------------------------------------------------------------------------

COUNTRY_GROUPS = [
    ["BR", "PT", "AO", "MZ"], ["US", "CA"], ["GB", "IE"], ["DE", "AT", "CH"], ["FR", "BE", "LU"],
    ["ES", "MX", "AR", "CO", "CL", "PE"], ["JP"], ["KR"], ["CN", "TW", "HK", "MO"], ["IN", "PK", "BD"],
    ["SA", "AE", "EG", "QA", "KW"], ["IL"], ["TR"], ["RU", "UA", "KZ", "BY"], ["ID", "MY", "PH", "TH", "VN"],
    ["NL", "BE"], ["SE", "NO", "DK", "FI", "IS"], ["PL", "CZ", "SK", "HU", "RO"], ["AU", "NZ"],
]
EU = ["AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT",
      "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"]
ATTRIBUTION_SOURCES = ["apple_ads", "google_ads", "facebook_ads", "tiktok_ads", "snapchat_ads", "organic",
                       "influencer", "referral", "web2app", "unity_ads", "applovin"]
PLATFORMS = ["ios", "android", "web", "macos"]
PLANS = ["free", "expired_monthly", "expired_yearly", "refunded", "trial_cancelled", "grace_period"]

# (country, currency, units per USD, whole amounts only)
PRICE_MARKETS = [
    ("US", "USD", 1.0, False), ("BR", "BRL", 5.0, False), ("DE", "EUR", 1.1, False),
    ("FR", "EUR", 1.1, False), ("ES", "EUR", 1.05, False), ("GB", "GBP", 0.9, False),
    ("JP", "JPY", 150.0, True), ("KR", "KRW", 1350.0, True), ("MX", "MXN", 18.0, False),
    ("CA", "CAD", 1.35, False), ("AU", "AUD", 1.5, False), ("IN", "INR", 83.0, True),
    ("TR", "TRY", 32.0, False), ("ID", "IDR", 15500.0, True), ("SA", "SAR", 3.75, False),
    ("PL", "PLN", 4.0, False), ("SE", "SEK", 10.5, False), ("CH", "CHF", 0.95, False),
    ("TW", "TWD", 32.0, True), ("IL", "ILS", 3.7, False), ("VN", "VND", 25000.0, True),
    ("CO", "COP", 4000.0, True), ("CL", "CLP", 950.0, True), ("ZA", "ZAR", 18.5, False),
]
PRODUCT_PLANS = [  # (name, period unit, count, base USD price)
    ("weekly", "week", 1, 4.99), ("monthly", "month", 1, 9.99), ("quarterly", "month", 3, 24.99),
    ("semiannual", "month", 6, 39.99), ("yearly", "year", 1, 59.99), ("yearly_discount", "year", 1, 39.99),
]
PLACEMENT_NAMES = ["onboarding", "settings", "locked_feature", "promo", "after_trial", "home_banner",
                   "limit_reached", "export_pro", "streak_freeze", "win_back", "story_unlock", "downloads",
                   "sleep_timer", "widget_setup", "share_sheet", "profile", "push_open", "deep_link"]
CDN = "https://cdn.lumenlabs.app/paywalls"


def new_uuid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def price(usd, rate, whole):
    local = usd * rate
    if whole:
        step = 10 ** max(0, len(str(int(local))) - 2)     # 1500, 13500, 77000
        return str(max(step, int(round(local / step)) * step))
    return "%d.%s" % (int(local), "99" if local < 100 else "90")


class ExportWriter:
    def __init__(self, placements, locales, seed, out):
        self.rng = random.Random(seed)
        self.out = out
        self.placement_count = placements
        self.locales = LOCALES[:locales]
        self.paywall_count = max(2, min(400, (placements * 3 + 9) // 10))
        self.vocabularies = {locale: vocabulary(self.rng, locale, script) for locale, script in self.locales}

    # --- text -----------------------------------------------------------------------------------

    def text(self, locale, low, high):
        words, separator = self.vocabularies[locale]
        return separator.join(self.rng.choices(words, k=self.rng.randint(low, high)))

    def rich_text(self, locale):
        items = [{"text": self.text(locale, 1, 3) + " ", "attributes": {}},
                 {"text": self.text(locale, 1, 2), "attributes": {"bold": True, "color": "#FFD54F"}}]
        if self.rng.random() < 0.5:
            items.append({"tag": "PRICE", "attributes": {"size": 15}})
        if self.rng.random() < 0.3:
            items.append({"text": " " + self.text(locale, 2, 5), "attributes": {"italic": True}})
        return items

    # --- sections ---------------------------------------------------------------------------------

    def write(self, text):
        self.out.write(text)

    def write_elements(self, key, elements, last=False):
        self.write('"%s":[\n' % key)
        first = True
        for element in elements:
            if not first:
                self.write(",\n")
            self.write(json.dumps(element, ensure_ascii=False, separators=(",", ":")))
            first = False
        self.write("\n]" + ("\n" if last else ",\n"))

    def run(self):
        rng = self.rng
        self.write('{"format":"paywall-export","version":1,"app_id":"com.lumenlabs.sleep",'
                   '"revision":%d,"exported_at":"2026-11-29T12:%02d:%02dZ","default_locale":"en",\n'
                   % (rng.randint(100, 9999), rng.randrange(60), rng.randrange(60)))
        self.segments = self.make_segments()
        self.write_elements("segments", self.segments)
        self.products = self.make_products()
        self.write_elements("products", self.products)
        self.paywall_ids = []
        self.write_elements("paywalls", (self.make_paywall(index) for index in range(self.paywall_count)))
        self.write_elements("placements", (self.make_placement(index) for index in range(self.placement_count)),
                            last=True)
        self.write("}\n")

    def make_segments(self):
        rng, segments = self.rng, []

        def add(prefix, name, conditions):
            segments.append({"id": "%s_%d" % (prefix, len(segments)), "name": name, "conditions": conditions})

        count = max(10, min(120, 10 + self.placement_count // 10))
        while len(segments) < count:
            kind = rng.randrange(7)
            if kind == 0:
                group = rng.choice(COUNTRY_GROUPS)
                add("country", "Countries " + ", ".join(group),
                    [{"attribute": "country", "op": "in", "values": group}])
            elif kind == 1:
                add("outside_eu", "Outside the EU", [{"attribute": "country", "op": "not_in", "values": EU}])
            elif kind == 2:
                sources = rng.sample(ATTRIBUTION_SOURCES, rng.randint(1, 3))
                add("attribution", "Installs from " + ", ".join(sources),
                    [{"attribute": "attribution_source", "op": "in", "values": sources}])
            elif kind == 3:
                version = "%d.%d.%d" % (rng.randint(1, 5), rng.randint(0, 20), rng.randint(0, 9))
                op = rng.choice(["gte", "lte"])
                add("app_version", "App %s %s" % (op, version),
                    [{"attribute": "app_version", "op": op, "value": version}])
            elif kind == 4:
                platform = rng.choice(PLATFORMS)
                add("platform", platform, [{"attribute": "platform", "op": "eq", "value": platform}])
            elif kind == 5:
                platform = rng.choice(PLATFORMS)
                version = "%d.%d.%d" % (rng.randint(1, 4), rng.randint(0, 20), rng.randint(0, 9))
                add("legacy", "%s builds up to %s" % (platform, version),
                    [{"attribute": "platform", "op": "eq", "value": platform},
                     {"attribute": "app_version", "op": "lte", "value": version}])
            else:
                roll = rng.random()
                if roll < 0.3:
                    add("has_plan", "Plan set", [{"attribute": "plan", "op": "exists"}])
                elif roll < 0.6:
                    add("plan", "Plan", [{"attribute": "plan", "op": "eq", "value": rng.choice(PLANS)}])
                else:
                    add("lapsed", "Lapsed", [{"attribute": "plan", "op": "in", "values": rng.sample(PLANS[1:], 3)}])
        return segments

    def make_products(self):
        rng, products = self.rng, []
        count = max(4, min(60, self.paywall_count // 8))
        for index in range(count):
            name, unit, period_count, usd = PRODUCT_PLANS[index % len(PRODUCT_PLANS)]
            usd = round(usd * rng.choice([1.0, 1.0, 0.8, 1.2, 1.5]), 2)
            product = {"id": "prod_%s_%d" % (name, index),
                       "vendor_product_id": "com.lumenlabs.sleep.%s.v%d" % (name, index // len(PRODUCT_PLANS) + 1),
                       "access_level_id": rng.choice(["premium", "premium", "pro"]),
                       "period": {"unit": unit, "count": period_count}}
            if rng.random() < 0.5:
                product["trial"] = rng.choice([{"unit": "day", "count": 3}, {"unit": "day", "count": 7},
                                               {"unit": "week", "count": 1}, {"unit": "month", "count": 1}])
            titled = [locale for locale, _ in self.locales if locale == "en" or rng.random() < 0.6]
            product["titles"] = {locale: self.text(locale, 2, 4) for locale in titled}
            markets = [m for m in PRICE_MARKETS if m[0] == "US" or rng.random() < 0.8]
            product["prices"] = [{"country": country, "currency": currency, "amount": price(usd, rate, whole)}
                                 for country, currency, rate, whole in markets]
            products.append(product)
        return products

    # --- paywalls ---------------------------------------------------------------------------------

    def string_keys(self):
        """The paywall's string keys, with (min words, max words, rich-text probability)."""
        rng = self.rng
        keys = [("title", 3, 7, 0.0), ("subtitle", 8, 18, 0.0), ("cta", 2, 5, 0.0), ("restore", 2, 2, 0.0),
                ("terms", 12, 30, 0.0), ("privacy", 2, 3, 0.0), ("badge", 1, 3, 0.9), ("most_popular", 2, 3, 0.5)]
        keys += [("feature_%d" % n, 3, 10, 0.1) for n in range(1, rng.randint(6, 14))]
        keys += [("plan_%d_%s" % (n, part), 2, 9, 0.3 if part == "price_line" else 0.0)
                 for n in range(1, rng.randint(3, 5)) for part in ("title", "subtitle", "price_line", "savings")]
        keys += [("timeline_day_%d" % day, 5, 14, 0.4) for day in rng.sample([0, 1, 3, 5, 7, 14], rng.randint(0, 5))]
        keys += [("comparison_row_%d" % n, 3, 8, 0.1) for n in range(1, rng.randint(4, 11))]
        for n in range(1, rng.randint(4, 9)):
            keys += [("faq_%d_question" % n, 5, 12, 0.0), ("faq_%d_answer" % n, 20, 60, 0.05)]
        for n in range(1, rng.randint(3, 7)):
            keys += [("review_%d_text" % n, 12, 35, 0.0), ("review_%d_author" % n, 1, 2, 0.0)]
        if rng.random() < 0.5:
            keys.append(("legal_notice", 40, 90, 0.0))
        return keys

    def remote_config(self, locale, base):
        rng = self.rng
        config = dict(base)
        config["headline"] = self.text(locale, 3, 7)
        config["close_button"] = {"visible": True, "delay_seconds": rng.choice([0, 2, 3, 5])}
        config["trial_toggle"] = {"enabled": rng.random() < 0.6, "default_on": rng.random() < 0.5}
        config["sections"] = [{"type": kind, "title": self.text(locale, 2, 5),
                               "items": [{"title": self.text(locale, 2, 5), "body": self.text(locale, 5, 14),
                                          "icon": "%s/icons/%s-%d.svg" % (CDN, kind, n)}
                                         for n in range(rng.randint(2, 6))]}
                              for kind in rng.sample(["features", "reviews", "timeline", "faq", "comparison"],
                                                     rng.randint(2, 4))]
        return config

    def make_paywall(self, index):
        rng = self.rng
        theme = rng.choice(PLACEMENT_NAMES)
        paywall_id = "pw_%s_%04d" % (theme, index)
        self.paywall_ids.append(paywall_id)
        keys = self.string_keys()
        base_config = {
            "theme": rng.choice(["dark", "light", "midnight", "sunrise"]),
            "hero": {"type": rng.choice(["video", "image", "lottie"]), "autoplay": True, "loop": rng.random() < 0.7,
                     "muted": True, "aspect_ratio": rng.choice([1.0, 1.33, 1.78])},
            "highlighted_product_index": rng.randrange(2),
            "features": rng.sample(["meditations", "sleep_stories", "offline", "no_ads", "soundscapes",
                                    "family_sharing", "widgets", "statistics", "courses"], 4),
            "colors": {"accent": "#%06X" % rng.getrandbits(24), "background": "#%06X" % rng.getrandbits(24),
                       "text": "#%06X" % rng.getrandbits(24)},
            "experiment": {"name": "exp_%d" % rng.randrange(1000), "bucket_salt": new_uuid(rng)},
            "show_reviews": rng.random() < 0.5, "max_products": rng.randint(1, 4),
        }
        view_assets = {name: "%s/%s-%04d.%s" % (CDN, name.replace("_", "-"), index, extension)
                       for name, extension in (("hero_image", "jpg"), ("hero_video", "mp4"), ("background", "png"),
                                               ("logo", "svg"), ("badge_icon", "png"))
                       if name == "hero_image" or rng.random() < 0.6}
        localizations = {}
        for locale, _ in self.locales:
            complete = locale == "en"
            share = 1.0 if complete else rng.uniform(0.45, 0.98)
            strings = {}
            for key, low, high, rich in keys:
                if complete or rng.random() < share:
                    strings[key] = self.rich_text(locale) if rng.random() < rich else self.text(locale, low, high)
            localization = {}
            if complete or rng.random() < 0.7:
                localization["remote_config"] = self.remote_config(locale, base_config)
            localization["strings"] = strings
            if not complete and rng.random() < 0.3:
                overridden = rng.sample(sorted(view_assets), rng.randint(1, len(view_assets)))
                localization["assets"] = {name: view_assets[name].replace("-%04d." % index, "-%04d-%s." % (index, locale))
                                          for name in overridden}
            if locale in RIGHT_TO_LEFT:
                localization["is_right_to_left"] = True
            localizations[locale] = localization
        return {
            "id": paywall_id,
            "name": "%s %s · %s" % (theme.replace("_", " ").capitalize(), rng.choice("ABCDEFGH"),
                                    rng.choice(["Hero video", "Trial timeline", "Plan comparison", "Reviews", "Minimal"])),
            "product_ids": [product["id"] for product in rng.sample(self.products, rng.randint(1, min(3, len(self.products))))],
            "default_locale": "en",
            "localizations": localizations,
            "view": {"template_id": rng.choice(["basic", "transparent", "flat", "comparison", "timeline"]),
                     "assets": view_assets,
                     "timers": rng.sample(["CUSTOM_TIMER_6H", "CUSTOM_TIMER_24H", "OFFER_ENDS_MIDNIGHT"], rng.randint(0, 2)),
                     "custom_actions": rng.sample(["open_faq", "open_support", "show_reviews", "skip"], rng.randint(0, 3))},
        }

    # --- placements -------------------------------------------------------------------------------

    def paywall_pick(self):
        """A paywall id, popular ones more often (Zipf-like): placements share paywalls."""
        if not hasattr(self, "_paywall_cumulative"):
            total, self._paywall_cumulative = 0.0, []
            for rank in range(1, len(self.paywall_ids) + 1):
                total += 1.0 / rank ** 0.7
                self._paywall_cumulative.append(total)
        return self.rng.choices(self.paywall_ids, cum_weights=self._paywall_cumulative)[0]

    def variations(self, ab_test):
        rng = self.rng
        weights = rng.choice([[50, 50], [50, 30, 20], [34, 33, 33], [25, 25, 25, 25], [90, 10], [70, 30], [60, 20, 20]]) \
            if ab_test else [100]
        paywalls = []
        while len(paywalls) < len(weights):
            paywall = self.paywall_pick()
            if paywall not in paywalls or len(set(self.paywall_ids)) < len(weights):
                paywalls.append(paywall)
        return [{"variation_id": new_uuid(rng), "paywall_id": paywall, "weight": weight}
                for paywall, weight in zip(paywalls, weights)]

    def make_placement(self, index):
        rng = self.rng
        name = PLACEMENT_NAMES[index % len(PLACEMENT_NAMES)]
        if index == 0:
            placement_id = "onboarding"
        elif index % 50 == 7:
            placement_id = "promo.été.%04d" % index          # dots and non-ASCII occur in real ids
        elif index % 9 == 4:
            placement_id = "com.lumenlabs.sleep.%s.v%d" % (name, index)
        else:
            placement_id = "%s_%04d" % (name, index)
        targeted = rng.choice([1, 2, 2, 3, 3, 4, 5])      # audiences besides "All Users"
        priorities = sorted(rng.sample(range(0, 99), targeted))
        audiences = []
        for priority in priorities:
            segments = rng.sample(self.segments, rng.choice([1, 1, 1, 2, 2, 3]))
            audience = {"name": " & ".join(segment["name"] for segment in segments)[:120], "priority": priority,
                        "segment_ids": [segment["id"] for segment in segments], "version_id": new_uuid(rng),
                        "variations": self.variations(rng.random() < 0.25)}
            audiences.append(audience)
        default = {"name": "All Users", "priority": rng.choice([99, 100, 100, 1000]), "segment_ids": [],
                   "version_id": new_uuid(rng), "variations": self.variations(rng.random() < 0.4)}
        if len(default["variations"]) > 1:
            default["ab_test_name"] = "%s layout test #%d" % (name, index)
        audiences.append(default)
        if rng.random() < 0.1:
            rng.shuffle(audiences)                         # priority, not array order, decides
        return {"id": placement_id, "audiences": audiences}


def positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be a positive integer")
    return value


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)          # `gen-export ... | head` ends quietly
    parser = argparse.ArgumentParser(
        prog="scripts/gen-export", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Example: scripts/gen-export 1000 40 --output /tmp/export.json   (about 100 MB)")
    parser.add_argument("placements", metavar="N_PLACEMENTS", type=positive, help="number of placements")
    parser.add_argument("locales", metavar="N_LOCALES", type=positive,
                        help="localizations per paywall, 1 to %d (always including en)" % len(LOCALES))
    parser.add_argument("--seed", type=int, default=20261129, help="random seed (default 20261129)")
    parser.add_argument("--output", metavar="FILE", help="file to write (default: standard output)")
    args = parser.parse_args()
    if args.locales > len(LOCALES):
        parser.error("N_LOCALES must be at most %d" % len(LOCALES))

    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="\n", buffering=1 << 20) as out:
            ExportWriter(args.placements, args.locales, args.seed, out).run()
    else:
        out = open(sys.stdout.fileno(), "w", encoding="utf-8", newline="\n", buffering=1 << 20, closefd=False)
        with out:
            ExportWriter(args.placements, args.locales, args.seed, out).run()


if __name__ == "__main__":
    main()
