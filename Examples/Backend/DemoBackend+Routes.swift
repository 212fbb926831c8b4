import Foundation
import LoopbackServer

extension DemoBackend {
    func douBan(_ request: ServerRequest) -> ServerResponse {
        switch (request.method, request.path) {
        case ("GET", "/j/app/radio/channels"):
            return .json([
                "channels": [
                    ["channel_id": 1, "name": "华语", "name_en": "Chinese"],
                    ["channel_id": 2, "name": "欧美", "name_en": "Western"],
                    ["channel_id": 6, "name": "粤语", "name_en": "Cantonese"],
                ]
            ])
        case ("GET", "/j/mine/playlist"):
            let playlists = ["1": [("王菲", "红豆"), ("陈奕迅", "十年")], "2": [("Adele", "Hello")], "6": [("张国荣", "当年情")]]
            guard request.queryItems["type"] == "n", request.queryItems["from"] == "mainsite",
                let songs = playlists[request.queryItems["channel"] ?? ""]
            else {
                return .json(["r": 1, "err": "unknown channel or parameters"], status: 400)
            }
            return .json(["r": 0, "song": songs.map { ["artist": $0.0, "title": $0.1] }])
        default:
            return .json(["error": "no route"], status: 404)
        }
    }

    func orders(_ request: ServerRequest) -> ServerResponse {
        let form = Self.form(request)
        guard request.method == "POST", form["token"] == Self.orderToken, request.header("devtype") == "iOS",
            !(request.header("devid") ?? "").isEmpty
        else {
            return .json(["error": "token, devtype and devid are required"], status: 401)
        }
        let orders = (1...25).map { index in
            ["sn": String(format: "DJKRE%04dDFHJEW23", index), "title": "Order \(index)", "amount": index * 1_250]
        }
        switch request.path {
        case "/order/list":
            let page = Int(form["pageNO"] ?? "") ?? 1
            let size = Int(form["pageSize"] ?? "") ?? 10
            let slice = orders.dropFirst(max(0, page - 1) * size).prefix(size)
            return .json(["pageNO": page, "pageSize": size, "orders": Array(slice)])
        case "/order/findById":
            guard let order = orders.first(where: { $0["sn"] as? String == form["sn"] }) else {
                return .json(["error": "no such order"], status: 404)
            }
            return .json(order)
        default:
            return .json(["error": "no route"], status: 404)
        }
    }

    func login(_ request: ServerRequest) -> ServerResponse {
        let form = Self.form(request)
        switch (request.method, request.path) {
        case ("POST", "/login/smscode/"):
            guard let user = form["username"], !user.isEmpty else {
                return .json(["error": "username is required"], status: 400)
            }
            return .json(["smscode": issuedCodes.issue(for: user)])
        case ("POST", "/login/"):
            let user = form["username"] ?? ""
            guard form["password"] == Self.password, let code = form["smscode"], issuedCodes.take(for: user) == code
            else {
                return .json(["error": "wrong password or code"], status: 401)
            }
            return .json(["username": user, "token": "session-\(user)-\(code.reversed())"])
        case ("GET", "/login/otherRequest/"):
            return .json(["message": "other request answered"])
        default:
            return .json(["error": "no route"], status: 404)
        }
    }

    func resources(_ request: ServerRequest) -> ServerResponse {
        switch request.path {
        case "/gateway/resource/notice/detail":
            guard let id = Int(request.queryItems["id"] ?? "") else {
                return .json(["code": 400, "msg": "id is required", "data": NSNull()])
            }
            guard id <= 100 else {
                return .json(["code": 404, "msg": "This notice has been withdrawn.", "data": NSNull()])
            }
            return .json([
                "code": 200, "msg": "ok",
                "data": ["id": id, "title": "Maintenance window", "content": "Service pauses Sunday 02:00-03:00."],
            ])
        case "/gateway/resource/advert/page":
            let page = request.queryItems["page"] ?? ""
            return .json([
                "code": 200, "msg": "ok",
                "data": [
                    ["id": 1, "imageURL": "https://cdn.example.com/\(page)/1.png", "link": "app://\(page)/1"],
                    ["id": 2, "imageURL": "https://cdn.example.com/\(page)/2.png", "link": "app://\(page)/2"],
                ],
            ])
        default:
            return .json(["code": 404, "msg": "no route", "data": NSNull()])
        }
    }

    func typedRequests(_ request: ServerRequest) -> ServerResponse {
        switch (request.method, request.path) {
        case ("GET", "/users/xiejiapei"):
            return .json(["name": "xiejiapei", "age": "22", "hobby": "coding", "petPhrase": "talk is cheap"])
        case ("GET", "/json/jsonUser.json"):
            return .json(["name": "Ann", "hobbies": ["chess", "running"], "birthdate": "1990-04-01"])
        case ("POST", "/goods/getgoods"):
            let goodsID = Self.form(request)["goods_id"] ?? ""
            guard goodsID == "1001" else {
                return .json(["errno": 4004, "errmsg": "The product is sold out.", "data": NSNull()])
            }
            return .json([
                "errno": 2000, "errmsg": "", "data": ["goods_id": "1001", "name": "Tea set", "price": 5_900],
            ])
        default:
            return .json(["error": "no such user"], status: 404)
        }
    }
}
