import PaywallEvents
import PaywallModel
import Testing

/// Each member rule of an event, with the pointer and the message a refused event gets.
@Suite struct EventDecodingTests {
    @Test func everyMemberIsRead() throws {
        let value = EventJSON.event([
            "type": .string("purchase_finished"), "created_at": .string("2026-11-29T14:00:00.250+02:00"),
            "locale": .string("pt-BR"), "locale_result": .string("fallback"), "requested_locale": .string("pt_PT"),
            "country": .string("BR"), "platform": .string("ios"), "app_version": .string("3.2.1"), "snapshot": .string("42"),
            "product": EventJSON.object(["vendor_product_id": .string("yearly"), "price": .number("49.90"), "currency": .string("BRL")]),
            "purchase_result": .string("purchased"),
            "screen": EventJSON.object(["id": .string("intro"), "order": .number("2"), "last": .bool(true)]),
            "error": EventJSON.object(["code": .string("E1"), "message": .string("store said no")]),
            "some_future_member": .string("ignored"),
        ])
        let event = try EventJSON.decoded(value).get()
        #expect(event.id == "e-1")
        #expect(event.kind == .purchaseFinished)
        #expect(event.createdAtMilliseconds == 1_795_953_600_250)  // 12:00:00.250Z
        #expect(event.profileID == "profile-1" && event.placementID == "onboarding" && event.variationID == "v-a")
        #expect(event.locale == "pt-BR" && event.localeResult == .fallback && event.requestedLocale == "pt_PT")
        #expect(event.country == "BR" && event.platform == "ios" && event.appVersion == "3.2.1" && event.snapshot == "42")
        #expect(event.product == Event.Product(vendorProductID: "yearly", priceMicros: 49_900_000, currency: "BRL"))
        #expect(event.purchaseResult == .purchased)
        #expect(event.screen == Event.Screen(id: "intro", order: 2, isLast: true))
        #expect(event.failure == Event.Failure(code: "E1", message: "store said no"))
    }

    @Test func anActionEventCarriesItsAction() throws {
        let event = try EventJSON.decoded(EventJSON.event([
            "type": .string("action"), "action": EventJSON.object(["type": .string("open_url"), "value": .string("https://example.com/terms")]),
        ])).get()
        #expect(event.action == Event.Action(kind: .openURL, value: "https://example.com/terms"))
    }

    @Test(arguments: [
        ("2026-11-29T12:00:00Z", 1_795_953_600_000 as Int64), ("2026-11-29t12:00:00.5Z", 1_795_953_600_500),
        ("2026-11-29T13:30:00+01:30", 1_795_953_600_000),
    ])
    func createdAtIsAnyRFC3339Form(_ text: String, _ milliseconds: Int64) throws {
        #expect(try EventJSON.decoded(EventJSON.event(["created_at": .string(text)])).get().createdAtMilliseconds == milliseconds)
    }

    @Test(arguments: [("0", 0 as Int64), ("4.99", 4_990_000), ("0.000001", 1), ("1000000", 1_000_000_000_000)])
    func pricesAreExactMillionths(_ literal: String, _ micros: Int64) throws {
        let event = try EventJSON.decoded(EventJSON.event([
            "product": EventJSON.object(["vendor_product_id": .string("p"), "price": .number(literal), "currency": .string("USD")]),
        ])).get()
        #expect(event.product?.priceMicros == micros)
    }

    static let refusals: [(String, KeyValuePairs<String, JSONValue?>, String, String)] = [
        ("no event_id", ["event_id": nil], "/event_id", "required"),
        ("an empty event_id", ["event_id": .string("")], "/event_id", "must not be empty"),
        ("a 129-byte event_id", ["event_id": .string(String(repeating: "x", count: 129))], "/event_id", "longer than 128 bytes"),
        ("an event_id that is a number", ["event_id": .number("7")], "/event_id", "expected a string, found a number"),
        ("no type", ["type": nil], "/type", "required"),
        ("an unknown type", ["type": .string("viewed")], "/type", #""viewed" is not one of "shown", "closed", "action""#),
        ("no created_at", ["created_at": nil], "/created_at", "required"),
        ("a date without a time", ["created_at": .string("2026-11-29")], "/created_at", "expected an RFC 3339 date and time"),
        ("a date without an offset", ["created_at": .string("2026-11-29T12:00:00")], "/created_at", "expected an RFC 3339 date and time"),
        ("a 257-byte profile_id", ["profile_id": .string(String(repeating: "p", count: 257))], "/profile_id", "longer than 256 bytes"),
        ("a profile_id with a newline", ["profile_id": .string("a\nb")], "/profile_id", "contains a control character"),
        ("no placement_id", ["placement_id": nil], "/placement_id", "required"),
        ("no variation_id", ["variation_id": nil], "/variation_id", "required"),
        ("an unknown locale_result", ["locale_result": .string("close")], "/locale_result", #""close" is not one of "exact", "fallback", "default""#),
        ("a purchase_result on a shown event", ["purchase_result": .string("purchased")], "/purchase_result",
         "only a purchase_finished event has a purchase_result"),
        ("a purchase_finished without its result", ["type": .string("purchase_finished")], "/purchase_result", "required"),
        ("an action event without its action", ["type": .string("action")], "/action", "required"),
        ("an action of an unknown type", ["type": .string("action"), "action": EventJSON.object(["type": .string("tap")])], "/action/type",
         #""tap" is not one of "close", "open_url", "custom""#),
        ("a negative price", ["product": EventJSON.object(["vendor_product_id": .string("p"), "price": .number("-1"), "currency": .string("USD")])],
         "/product/price", "expected a price such as 4.99"),
        ("a price with an exponent", ["product": EventJSON.object(["vendor_product_id": .string("p"), "price": .number("5e2"), "currency": .string("USD")])],
         "/product/price", "expected a price such as 4.99"),
        ("a price with seven decimals", ["product": EventJSON.object(["vendor_product_id": .string("p"), "price": .number("0.0000001"), "currency": .string("USD")])],
         "/product/price", "expected a price such as 4.99"),
        ("a price as a string", ["product": EventJSON.object(["vendor_product_id": .string("p"), "price": .string("4.99"), "currency": .string("USD")])],
         "/product/price", "expected a price such as 4.99"),
        ("a price without its currency", ["product": EventJSON.object(["vendor_product_id": .string("p"), "price": .number("4.99")])],
         "/product/currency", "required"),
        ("a lowercase currency", ["product": EventJSON.object(["vendor_product_id": .string("p"), "price": .number("4.99"), "currency": .string("usd")])],
         "/product/currency", "expected a currency code of three capital letters"),
        ("a product without its id", ["product": EventJSON.object(["price": .number("4.99"), "currency": .string("USD")])],
         "/product/vendor_product_id", "required"),
        ("a negative screen order", ["screen": EventJSON.object(["order": .number("-1")])], "/screen/order", "-1 is out of range"),
        ("an error message past 2048 bytes", ["error": EventJSON.object(["message": .string(String(repeating: "m", count: 2049))])],
         "/error/message", "longer than 2048 bytes"),
        ("a product that is a string", ["product": .string("yearly")], "/product", "expected an object, found a string"),
        ("an error message holding U+0000", ["error": EventJSON.object(["message": .string("bad\u{0}byte")])], "/error/message", "must not contain U+0000"),
        ("an event_id holding U+0000", ["event_id": .string("e\u{0}")], "/event_id", "must not contain U+0000"),
    ]

    @Test(arguments: refusals.indices)
    func aBadMemberRefusesTheEventAtItsPointer(_ index: Int) {
        let (name, changes, pointer, message) = Self.refusals[index]
        guard case let .failure(issue) = EventJSON.decoded(EventJSON.event(changes)) else {
            Issue.record("\(name): accepted")
            return
        }
        #expect(issue.pointer.description == pointer, "\(name)")
        #expect(issue.reason.hasPrefix(message), "\(name): \(issue.reason)")
    }

    @Test func anEventThatIsNoObjectIsRefused() {
        guard case let .failure(issue) = EventJSON.decoded(.array([])) else {
            Issue.record("accepted")
            return
        }
        #expect(issue.reason == "expected an object, found an array")
    }
}
