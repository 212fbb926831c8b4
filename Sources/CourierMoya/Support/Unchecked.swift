/// A value that is not `Sendable`, carried across threads as Moya and Alamofire carry it: the closures,
/// plugins and callbacks of their API, whose signatures have no `@Sendable` so that Swift 5 app code
/// ports unchanged.
///
/// CourierMoya calls each such closure once per event and never from two threads at once; what the
/// closure captures is the app's to keep safe, as it was with Moya.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
