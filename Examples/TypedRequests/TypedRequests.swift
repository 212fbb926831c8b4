import Courier
import Foundation

/// A person, answered by `GET /users/<name>`.
public struct Person: Decodable, Sendable, Equatable {
    /// The name.
    public let name: String
    /// The age, as the server sends it (a string).
    public let age: String
    /// A hobby.
    public let hobby: String
    /// What the person always says.
    public let petPhrase: String
}

/// Asks for the person called ``name``.
public struct PersonRequest: TypedRequest {
    /// The answer is a ``Person``.
    public typealias Model = Person

    /// Whose details to fetch.
    public let name: String

    /// Creates the request.
    public init(name: String) {
        self.name = name
    }

    /// `/users/<name>`, the name percent-encoded.
    public var path: String { "/users/\(name)" }
}

/// A user with hobbies, answered by `GET /json/jsonUser.json`.
public struct User: Decodable, Sendable, Equatable {
    /// The name.
    public let name: String
    /// The hobbies.
    public let hobbies: [String]
    /// The birth date, as the server writes it.
    public let birthdate: String
}

/// Asks for the sample user.
public struct UserRequest: TypedRequest {
    /// The answer is a ``User``.
    public typealias Model = User

    /// Creates the request.
    public init() {}

    /// `/json/jsonUser.json`.
    public var path: String { "/json/jsonUser.json" }
}

/// The details of one product.
public struct GoodsDetail: Decodable, Sendable, Equatable {
    /// The product id.
    public let goodsId: String
    /// The product name.
    public let name: String
    /// The price, in cents.
    public let price: Int

    enum CodingKeys: String, CodingKey {
        case goodsId = "goods_id"
        case name
        case price
    }
}

/// Asks for a product's details with a form `POST`; the answer is wrapped in `{errno, errmsg, data}`,
/// where `errno` 2000 means success.
public struct GoodsDetailRequest: TypedRequest {
    /// The answer is a ``GoodsDetail``.
    public typealias Model = GoodsDetail

    /// The product id.
    public let goodsId: String

    /// Creates the request.
    public init(goodsId: String) {
        self.goodsId = goodsId
    }

    /// `goods/getgoods`.
    public var path: String { "goods/getgoods" }
    /// `POST`.
    public var method: Method { .post }
    /// `goods_id`, form-encoded.
    public var parameters: Parameters? { ["goods_id": goodsId] }
    /// `{errno, errmsg, data}`, success 2000.
    public var envelope: (any ResponseEnvelope)? {
        CodeMessageEnvelope(codeKey: "errno", messageKey: "errmsg", dataKey: "data", successCodes: [2000])
    }
}
