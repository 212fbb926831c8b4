import CourierMoya

// CourierMoya differs: Moya apps qualify names with the module, `Moya.Method`, `Moya.Response`,
// `Moya.MultipartFormData`, `Moya.Task`, and after `import CourierMoya` there is no `Moya` to qualify them
// with ("cannot find 'Moya' in scope"). This stand-in lets the ported specs keep Moya's spellings; delete
// this file once CourierMoya provides the `Moya` names itself.

/// A stand-in for the `Moya` module name, holding the names Moya apps qualify with it.
enum Moya {
    typealias Method = CourierMoya.Method
    typealias Response = CourierMoya.Response
    typealias MultipartFormData = CourierMoya.MultipartFormData
    typealias Task = CourierMoya.Task
}
