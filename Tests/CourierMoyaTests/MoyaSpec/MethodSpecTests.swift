import CourierMoya
import Testing

// The expectations of Moya 15.0.3's MethodSpec: which methods send a multipart form.

@Suite struct MethodSpecTests {
    @Test(
        arguments: [
            (Moya.Method.get, false),
            (.post, true),
            (.put, true),
            (.delete, false),
            (.options, false),
            (.head, false),
            (.patch, true),
            (.trace, false),
            (.connect, true),
        ] as [(Moya.Method, Bool)])
    func aMethodSupportsMultipartExactlyWhenItCarriesABody(_ method: Moya.Method, _ supports: Bool) {
        #expect(method.supportsMultipart == supports)
    }
}
