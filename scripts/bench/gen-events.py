#!/usr/bin/env python3
"""Writes N events as JSON lines, shaped as apps send them: 3 placements x 3 variations x 40 locales,
profiles shown a paywall a few times, some selecting a product, starting and finishing a purchase.
Usage: gen-events.py N FILE"""
import json, sys

LOCALES = ["en", "de", "fr", "es", "es-419", "pt-BR", "pt-PT", "zh-Hans", "zh-Hant", "ja", "ko", "ru", "it", "nl", "sv", "nb",
           "da", "fi", "pl", "tr", "ar", "he", "hi", "th", "vi", "id", "ms", "uk", "cs", "sk", "hu", "ro", "el", "bg", "hr", "sr",
           "sl", "lt", "lv", "et"]
# Per profile: what it does, in order (a funnel; about one in six buys).
JOURNEYS = [["shown", "closed"], ["shown", "product_selected", "closed"], ["shown", "shown", "closed"],
            ["shown", "product_selected", "purchase_started", "purchase_finished"], ["shown", "closed"],
            ["shown", "product_selected", "purchase_started", "purchase_failed"]]

def main():
    count, path = int(sys.argv[1]), sys.argv[2]
    written, profile = 0, 0
    with open(path, "w") as out:
        while written < count:
            journey = JOURNEYS[profile % len(JOURNEYS)]
            # Journeys, placements and variations cycle at different rates, so that each placement and variation sees each journey.
            placement, variation, locale = (profile // 6) % 3, (profile // 18) % 3, LOCALES[(profile * 7) % 40]
            for step, kind in enumerate(journey):
                if written == count:
                    break
                event = {"event_id": "ev-%d" % written, "type": kind,
                         "created_at": "2026-11-%02dT%02d:%02d:%02dZ" % (1 + profile % 28, profile % 24, step, profile % 60),
                         "profile_id": "profile-%d" % profile, "placement_id": "placement-%d" % placement,
                         "variation_id": "variation-%d" % variation, "locale": locale,
                         "locale_result": "exact" if profile % 5 else "fallback", "country": "US", "platform": "ios",
                         "app_version": "3.2.1", "snapshot": "000042-4f2a9c1e77b0"}
                if kind in ("product_selected", "purchase_started", "purchase_finished", "purchase_failed"):
                    event["product"] = {"vendor_product_id": "yearly", "price": 49.99, "currency": "USD"}
                if kind == "purchase_finished":
                    event["purchase_result"] = "purchased"
                if kind == "purchase_failed":
                    event["error"] = {"code": "2", "message": "payment cancelled by the store"}
                out.write(json.dumps(event, separators=(",", ":")) + "\n")
                written += 1
            profile += 1

if __name__ == "__main__":
    main()
