"""The inputs the browser tests make: an export with hostile strings, and events with a known split."""

import json

from serve import SAMPLE_EXPORT

# Strings a vendor dashboard lets anyone type: each must reach the page as the same text, and run nothing.
SCRIPT_TAG = "<script>window.__pwned = 'script'</script>"
ATTRIBUTE_BREAKOUT = "\"><img src=x onerror=alert(1)>"
BIDI_OVERRIDE = "Pay \u202egpj.exe\u202c now"
HOSTILE_PAYWALL = "pw_onboarding_hero"
HOSTILE_STRINGS = {"title": SCRIPT_TAG, "subtitle": ATTRIBUTE_BREAKOUT, "cta": BIDI_OVERRIDE}
HOSTILE_NAME = "</title><script>alert('name')</script>"  # the paywall's and its audience's
HOSTILE_AUDIENCE = "All Users"
HOSTILE_PRODUCT_TITLE = "<b onmouseover=alert(2)>Yearly</b>"


def hostile_export(path):
    """The sample export with hostile strings in the onboarding hero paywall (en and ar), its name, the name of the
    audience that shows it and a product's title."""
    export = json.loads(SAMPLE_EXPORT.read_text())
    for paywall in export["paywalls"]:
        if paywall["id"] == HOSTILE_PAYWALL:
            paywall["name"] = HOSTILE_NAME
            for language in ("en", "ar"):
                paywall["localizations"][language]["strings"].update(HOSTILE_STRINGS)
    for placement in export["placements"]:
        for audience in placement["audiences"]:
            if audience["name"] == HOSTILE_AUDIENCE:
                audience["name"] = HOSTILE_NAME
    for product in export["products"]:
        if product["id"] == "prod_premium_yearly":
            product["titles"]["en"] = HOSTILE_PRODUCT_TITLE
    export["revision"] += 1
    path.write_text(json.dumps(export, ensure_ascii=False))
    return path


def variations_of(placement_id, audience_name="All Users"):
    """The variation ids of an audience of a placement of the sample export, in the export's order."""
    export = json.loads(SAMPLE_EXPORT.read_text())
    placement = next(p for p in export["placements"] if p["id"] == placement_id)
    audience = next(a for a in placement["audiences"] if a["name"] == audience_name)
    return [variation["variation_id"] for variation in audience["variations"]]


LOCALES = [("pt-br", "exact"), ("ar", "exact"), ("zh-hant", "exact"), ("en", "default")]


def exposures(placement_id, variations, profiles, first_profile=0, day=1):
    """A `shown` per profile, the variations taken in turn by `profiles`' shares, and a purchase for some.

    `variations` is a list of (variation id, share of ten); profile i converts when i % (3 + its variation's
    index) == 0, so each variation has its own rate.
    """
    slots = [index for index, (_, share) in enumerate(variations) for _ in range(share)]
    events = []
    for number in range(first_profile, first_profile + profiles):
        index = slots[number % len(slots)]
        variation = variations[index][0]
        locale, result = LOCALES[number % len(LOCALES)]
        shared = {"profile_id": f"profile-{number}", "placement_id": placement_id, "variation_id": variation,
                  "locale": locale, "locale_result": result}
        hour = number % 24
        events.append({"event_id": f"shown-{number}", "type": "shown",
                       "created_at": f"2026-11-{day + number % 3:02d}T{hour:02d}:00:00Z", **shared})
        if number % (3 + index) == 0:
            events.append({"event_id": f"bought-{number}", "type": "purchase_finished", "purchase_result": "purchased",
                           "created_at": f"2026-11-{day + number % 3:02d}T{hour:02d}:30:00Z",
                           "product": {"vendor_product_id": "lumen.premium.yearly", "price": 49.99, "currency": "USD"},
                           **shared})
    return events


def write_lines(events, path):
    path.write_text("".join(json.dumps(event) + "\n" for event in events))
    return path
