#!/usr/bin/env python3
"""Generates benchmark input for `paywalls locale match --stdin`.

Each line is PREFS<TAB>AVAILABLES[<TAB>DEFAULT]: a device's locale preference list against one
paywall's available localizations. The mix imitates real traffic: a skewed (Zipf-like) popularity
of ~150 device locales spelled the ways clients send them (`pt-BR`, `pt_BR`, `pt-br`, legacy
`iw-IL` / `in-ID`), one to three preferences per device, a little junk, and a few dozen paywall
locale sets of 1 to 40 locales, some carrying their own default.

Standard library only; the output depends only on --seed and --lines.
"""

import argparse
import random
import sys

# Device locales, most common first: rank drives the Zipf weight. BCP-47 spelling here; the
# client-specific spellings are applied per line by `spell`.
DEVICE_LOCALES = """
en-US en-GB pt-BR es-ES es-MX de-DE fr-FR ja-JP ru-RU it-IT
ko-KR zh-Hans-CN tr-TR en-CA en-AU es-US fr-CA nl-NL pl-PL zh-Hant-TW
id-ID en-IN es-419 ar-SA sv-SE uk-UA th-TH vi-VN zh-Hant-HK he-IL
cs-CZ da-DK nb-NO fi-FI ro-RO hu-HU el-GR pt-PT es-AR es-CO
es-CL de-AT de-CH fr-BE fr-CH nl-BE en-NZ en-IE en-ZA en-SG
en-PH ms-MY hi-IN zh-CN zh-TW zh-HK zh-Hans zh-Hant ar-AE ar-EG
sk-SK hr-HR sr-Latn-RS sr-RS bg-BG lt-LT lv-LV et-EE sl-SI ca-ES
iw-IL in-ID en ja de fr es pt ru ko
es-PE es-VE es-EC es-GT es-CR es-UY es-PR es-DO pt-AO pt-MZ
fa-IR bn-BD bn-IN ta-IN te-IN mr-IN ur-PK kk-KZ az-AZ ka-GE
hy-AM uz-UZ be-BY is-IS ga-IE mt-MT sq-AL mk-MK bs-BA fil-PH
tl-PH no-NO nn-NO eu-ES gl-ES fr-MA fr-SN ar-MA ar-DZ ar-KW
ar-QA ar-JO ar-LB de-LU it-CH en-HK en-MY en-AE en-NG en-KE
sw-KE am-ET zh-Hans-SG zh-Hans-HK zh-Hant-MO mn-MN km-KH lo-LA my-MM ne-NP
si-LK af-ZA zu-ZA cy-GB ky-KG tg-TJ ps-AF yue-Hant-HK sr-Cyrl-RS ro-MD
mo-MD sh-RS ru-KZ ru-UA uk en-001 en-150 es-ES-u-co-trad de-DE-u-co-phonebk zh-Hant-TW-u-ca-roc
""".split()

# What broken clients send: not locales at all, or malformed ones.
JUNK_PREFERENCES = ["english", "", "C", "POSIX", "en_US.UTF-8", "null", "undefined", "und",
                    "en--US", "zh-Hans-", "12", "Deutsch", "*", "x-klingon", "en_US@calendar=gregorian"]

# Paywall exports as dashboards write them. The first sets are typical apps; more are generated
# from PAYWALL_POOL below so that every size from 1 to 40 locales occurs.
HANDWRITTEN_SETS = [
    ("en", None),
    ("en,es", None),
    ("en,pt-br,es", None),
    ("en,de,fr,es,it", None),
    ("en,pt-br,es,es-419,de,fr,ja,ko,zh-hans,zh-hant,ar,he", None),
    ("en,ja", None),
    ("en-us,en-gb,fr,de", "en-us"),
    ("en,ru,uk,kk", None),
    ("en,zh,zh-hant,ja,ko", None),
    ("de", "de"),
    ("en,pt,pt-br,es,fr", None),
    ("en,es,es-mx,pt-br", None),
    ("en,tr,ar,fa,he", None),
    ("en,id,ms,th,vi,fil", None),
    ("en,nb,sv,da,fi,is", None),
    ("EN,PT-BR,ES", "EN"),
    ("en_US,pt_BR,es_ES,fr_FR", "en_US"),
    ("en,sr,sr-latn,hr,bs,sl,mk", None),
    ("ja,en", "ja"),
    ("en,zh-cn,zh-tw,zh-hk", None),
]

PAYWALL_POOL = """
de fr es it ja ko zh-hans zh-hant pt-br ru tr ar he id nl pl sv da no fi cs uk th vi ms hi
ro hu el sk hr sr bg ca fil fa bn lt lv et sl kk az ka is es-419 es-mx fr-ca en-gb en-au pt-pt
pt zh-tw zh-hk nb sr-latn
""".split()

GENERATED_SET_SIZES = [8, 10, 12, 15, 18, 20, 24, 28, 30, 34, 38, 40]


def zipf_weights(count, exponent):
    """Weight 1/rank^exponent for ranks 1..count."""
    return [1.0 / (rank ** exponent) for rank in range(1, count + 1)]


def paywall_sets(rng):
    """(available list, default or None) for every paywall; `en` leads the generated ones."""
    sets = list(HANDWRITTEN_SETS)
    for size in GENERATED_SET_SIZES:
        sets.append((",".join(["en"] + rng.sample(PAYWALL_POOL, size - 1)), None))
    return sets


def spell(tag, rng):
    """One client's spelling of a BCP-47 tag: as is, iOS-style underscores, or lower case."""
    roll = rng.random()
    if roll < 0.60:
        return tag
    if roll < 0.80:
        return tag.replace("-", "_")                     # en_US, zh_Hans_CN
    if roll < 0.88 and tag.count("-") == 2:
        head, region = tag.rsplit("-", 1)                # iOS Locale.identifier: zh-Hans_CN
        return head + "_" + region
    if roll < 0.97:
        return tag.lower()                               # web clients: pt-br
    return tag.upper()                                   # PT-BR


class LineGenerator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.locale_cumulative = self.cumulative(zipf_weights(len(DEVICE_LOCALES), 1.1))
        self.sets = paywall_sets(self.rng)
        # Paywall traffic is skewed too, but less: shuffle so big and small sets both get some.
        set_order = list(range(len(self.sets)))
        self.rng.shuffle(set_order)
        self.sets = [self.sets[i] for i in set_order]
        self.set_cumulative = self.cumulative(zipf_weights(len(self.sets), 0.8))

    @staticmethod
    def cumulative(weights):
        total, result = 0.0, []
        for weight in weights:
            total += weight
            result.append(total)
        return result

    def device_locale(self):
        return self.rng.choices(DEVICE_LOCALES, cum_weights=self.locale_cumulative)[0]

    def preferences(self):
        rng = self.rng
        if rng.random() < 0.005:
            return rng.choice(JUNK_PREFERENCES)
        first = self.device_locale()
        roll = rng.random()
        count = 1 if roll < 0.75 else 2 if roll < 0.95 else 3
        tags = [first]
        while len(tags) < count:
            # Second languages are mostly English (ja-JP,en-US), otherwise any popular locale.
            extra = rng.choice(["en-US", "en-GB", "en"]) if rng.random() < 0.6 else self.device_locale()
            if extra not in tags:
                tags.append(extra)
            elif rng.random() < 0.5:
                break
        return ",".join(spell(tag, rng) for tag in tags)

    def line(self):
        available, default = self.rng.choices(self.sets, cum_weights=self.set_cumulative)[0]
        fields = [self.preferences(), available]
        if default is not None:
            fields.append(default)
        elif self.rng.random() < 0.05:
            fields.append(self.rng.choice(["en", "en-US", "es"]))  # an explicit default on some lines
        return "\t".join(fields)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000, help="number of lines (default 1000000)")
    parser.add_argument("--seed", type=int, default=20240601, help="random seed (default 20240601)")
    parser.add_argument("--output", help="file to write (default: standard output)")
    args = parser.parse_args()
    if args.lines < 0:
        parser.error("--lines must not be negative")

    generator = LineGenerator(args.seed)
    out = open(args.output, "w", encoding="utf-8", newline="\n") if args.output else sys.stdout
    with out:
        batch = []
        for _ in range(args.lines):
            batch.append(generator.line())
            if len(batch) == 10_000:
                out.write("\n".join(batch) + "\n")
                batch.clear()
        if batch:
            out.write("\n".join(batch) + "\n")


if __name__ == "__main__":
    main()
