import Courier

/// The twenty fields of the POST case's JSON body: strings, integers, decimals and booleans.
///
/// `Encodable` for the `requestJSONEncodable` variant, which writes the property names as keys.
struct OrderDraft: Sendable, Encodable {
    var customerID = 48_213
    var currency = "EUR"
    var total = 149.5
    var subtotal = 125.0
    var tax = 24.5
    var shipping = 0.0
    var itemCount = 3
    var couponCode = "SPRING-24"
    var giftWrap = false
    var expressDelivery = true
    var note = "Leave the parcel at the front desk"
    var street = "12 Market Street"
    var city = "Manchester"
    var postalCode = "M1 1AE"
    var country = "GB"
    var phone = "+44 161 555 0100"
    var email = "ann@example.com"
    var locale = "en-GB"
    var channel = "ios"
    var loyaltyPoints = 1_250

    /// The body as Courier parameters.
    var parameters: Parameters {
        [
            "customer_id": customerID, "currency": currency, "total": total, "subtotal": subtotal, "tax": tax,
            "shipping": shipping, "item_count": itemCount, "coupon_code": couponCode, "gift_wrap": giftWrap,
            "express_delivery": expressDelivery, "note": note, "street": street, "city": city,
            "postal_code": postalCode, "country": country, "phone": phone, "email": email, "locale": locale,
            "channel": channel, "loyalty_points": loyaltyPoints,
        ]
    }

    /// The body as a `JSONSerialization` object, as hand-written code builds it.
    var jsonObject: [String: Any] {
        [
            "customer_id": customerID, "currency": currency, "total": total, "subtotal": subtotal, "tax": tax,
            "shipping": shipping, "item_count": itemCount, "coupon_code": couponCode, "gift_wrap": giftWrap,
            "express_delivery": expressDelivery, "note": note, "street": street, "city": city,
            "postal_code": postalCode, "country": country, "phone": phone, "email": email, "locale": locale,
            "channel": channel, "loyalty_points": loyaltyPoints,
        ]
    }
}
