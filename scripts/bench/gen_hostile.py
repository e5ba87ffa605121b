#!/usr/bin/env python3
"""Writes the hostile exports of scripts/bench-hostile-exports: shapes whose import or resolution cost
once grew with a product of counts rather than with the file's size.

  gen_hostile.py SHAPE OUTPUT [--sample-export FILE] [--sample-vendor FILE]

Shapes:
  locales-prices     a paywall in 2,000 locales, a product with 2,000 distinct prices (refused now)
  bounded-product    every bound of docs/formats.md at once: a paywall in 200 locales selling 50
                     products of 300 prices each (accepted: the worst the bounds let through)
  repeated-segments  an audience naming one segment 100,000 times (refused now)
  repeated-products  a paywall listing one product 100,000 times (refused now)
  vendor-copies      a vendor fallback file (format 9) with 8,000 placements, each showing a copy of
                     one product id whose content differs (accepted, each kept under a key of its own)
  vendor-distinct    the same file with 8,000 distinct product ids: vendor-copies' baseline
Standard library only.
"""

import argparse
import copy
import json
import string


def locale(index):
    """Distinct well-formed tags: a language and a two-letter region, 2,704 of them."""
    letters = string.ascii_uppercase
    return "%s-%s%s" % (["en", "de", "fr", "es"][index // 676], letters[index // 26 % 26], letters[index % 26])


def locales_prices(export):
    paywall = export["paywalls"][0]
    paywall["localizations"] = {locale(i): {"strings": {"title": "T"}} for i in range(2000)}
    paywall["localizations"]["en"] = {"strings": {"title": "T"}}
    export["products"][0]["prices"] = [{"country": "US", "currency": "USD", "amount": "%d.99" % (i + 1)} for i in range(2000)]
    paywall["product_ids"] = [export["products"][0]["id"]]


def bounded_product(export):
    base = export["products"][0]
    products = []
    for p in range(50):
        product = copy.deepcopy(base)
        product["id"] = "bounded_%d" % p
        product["prices"] = [{"country": "US", "currency": "USD", "amount": "%d.99" % (p * 1000 + i + 1)} for i in range(300)]
        products.append(product)
    export["products"] += products
    paywall = export["paywalls"][0]
    paywall["product_ids"] = [product["id"] for product in products]
    paywall["localizations"] = {locale(i): {"strings": {"title": "T"}} for i in range(199)}
    paywall["localizations"]["en"] = {"strings": {"title": "T"}}


def repeated_segments(export):
    audience = export["placements"][0]["audiences"][0]
    audience["segment_ids"] = [audience["segment_ids"][0]] * 100000


def repeated_products(export):
    paywall = export["paywalls"][0]
    paywall["product_ids"] = [paywall["product_ids"][0]] * 100000


def vendor_copies(vendor, distinct=False):
    name, placement = next(iter(vendor["data"].items()))
    variation = copy.deepcopy(placement["data"][0])
    variation["weight"] = 100
    variation.pop("paywall_builder", None)
    product = variation["products"][0]
    data = {}
    for i in range(8000):
        copy_ = copy.deepcopy(variation)
        copy_["variation_id"] = "v-%d" % i
        copy_["products"] = [dict(product, vendor_product_id="store.product.%d" % i)]
        if distinct:
            copy_["products"][0]["adapty_product_id"] = "product-%d" % i
        entry = copy.deepcopy(placement)
        entry["data"] = [copy_]
        key = "%s.%d" % (name, i)
        # Each placement names itself, as the vendor's files do.
        entry.get("meta", {}).get("placement", {})["developer_id"] = key
        data[key] = entry
    vendor["data"] = data
    vendor["meta"]["developer_ids"] = list(data)


SHAPES = {"locales-prices": locales_prices, "bounded-product": bounded_product,
          "repeated-segments": repeated_segments, "repeated-products": repeated_products}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shape", choices=sorted(list(SHAPES) + ["vendor-copies", "vendor-distinct"]))
    parser.add_argument("output")
    parser.add_argument("--sample-export", default="sync-config/sample-export.json")
    parser.add_argument("--sample-vendor", default="sync-config/sample-adapty-fallback-v9.json")
    arguments = parser.parse_args()
    if arguments.shape.startswith("vendor-"):
        with open(arguments.sample_vendor, encoding="utf-8") as file:
            document = json.load(file)
        vendor_copies(document, distinct=arguments.shape == "vendor-distinct")
    else:
        with open(arguments.sample_export, encoding="utf-8") as file:
            document = json.load(file)
        SHAPES[arguments.shape](document)
    with open(arguments.output, "w", encoding="utf-8") as file:
        json.dump(document, file, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    main()
