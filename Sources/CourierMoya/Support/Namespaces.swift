/// Moya's module name as a namespace, so that a name an app qualifies as Moya does (`Moya.Method`,
/// `Moya.Task`, `Moya.Response`) is found after its `import Moya` became `import CourierMoya`, with or
/// without the qualifier rewritten to `CourierMoya.`.
public enum Moya {
    /// ``CourierMoya/AccessTokenAuthorizable``.
    public typealias AccessTokenAuthorizable = CourierMoya.AccessTokenAuthorizable
    /// ``CourierMoya/AccessTokenPlugin``.
    public typealias AccessTokenPlugin = CourierMoya.AccessTokenPlugin
    /// ``CourierMoya/AuthorizationType``.
    public typealias AuthorizationType = CourierMoya.AuthorizationType
    /// ``CourierMoya/Cancellable``.
    public typealias Cancellable = CourierMoya.Cancellable
    /// ``CourierMoya/CancellableToken``.
    public typealias CancellableToken = CourierMoya.CancellableToken
    /// ``CourierMoya/Completion``.
    public typealias Completion = CourierMoya.Completion
    /// ``CourierMoya/CredentialsPlugin``.
    public typealias CredentialsPlugin = CourierMoya.CredentialsPlugin
    /// ``CourierMoya/DownloadDestination``.
    public typealias DownloadDestination = CourierMoya.DownloadDestination
    /// ``CourierMoya/Endpoint``.
    public typealias Endpoint = CourierMoya.Endpoint
    /// ``CourierMoya/EndpointSampleResponse``.
    public typealias EndpointSampleResponse = CourierMoya.EndpointSampleResponse
    /// ``CourierMoya/Image``.
    public typealias Image = CourierMoya.Image
    /// ``CourierMoya/ImageType``.
    public typealias ImageType = CourierMoya.ImageType
    /// ``CourierMoya/JSONEncoding``.
    public typealias JSONEncoding = CourierMoya.JSONEncoding
    /// ``CourierMoya/Method``.
    public typealias Method = CourierMoya.Method
    /// ``CourierMoya/MoyaError``.
    public typealias MoyaError = CourierMoya.MoyaError
    /// ``CourierMoya/MoyaProvider``.
    public typealias MoyaProvider<Target: CourierMoya.TargetType> = CourierMoya.MoyaProvider<Target>
    /// ``CourierMoya/MoyaProviderType``.
    public typealias MoyaProviderType = CourierMoya.MoyaProviderType
    /// ``CourierMoya/MultiTarget``.
    public typealias MultiTarget = CourierMoya.MultiTarget
    /// ``CourierMoya/MultipartFormData``.
    public typealias MultipartFormData = CourierMoya.MultipartFormData
    /// ``CourierMoya/NetworkActivityChangeType``.
    public typealias NetworkActivityChangeType = CourierMoya.NetworkActivityChangeType
    /// ``CourierMoya/NetworkActivityPlugin``.
    public typealias NetworkActivityPlugin = CourierMoya.NetworkActivityPlugin
    /// ``CourierMoya/NetworkLoggerPlugin``.
    public typealias NetworkLoggerPlugin = CourierMoya.NetworkLoggerPlugin
    /// ``CourierMoya/ParameterEncoding``.
    public typealias ParameterEncoding = CourierMoya.ParameterEncoding
    /// ``CourierMoya/PluginType``.
    public typealias PluginType = CourierMoya.PluginType
    /// ``CourierMoya/ProgressBlock``.
    public typealias ProgressBlock = CourierMoya.ProgressBlock
    /// ``CourierMoya/ProgressResponse``.
    public typealias ProgressResponse = CourierMoya.ProgressResponse
    /// ``CourierMoya/RequestInterceptor``.
    public typealias RequestInterceptor = CourierMoya.RequestInterceptor
    /// ``CourierMoya/RequestMultipartFormData``.
    public typealias RequestMultipartFormData = CourierMoya.RequestMultipartFormData
    /// ``CourierMoya/RequestType``.
    public typealias RequestType = CourierMoya.RequestType
    /// ``CourierMoya/Response``.
    public typealias Response = CourierMoya.Response
    /// ``CourierMoya/Session``.
    public typealias Session = CourierMoya.Session
    /// ``CourierMoya/StubBehavior``.
    public typealias StubBehavior = CourierMoya.StubBehavior
    /// ``CourierMoya/TargetType``.
    public typealias TargetType = CourierMoya.TargetType
    /// ``CourierMoya/Task``.
    public typealias Task = CourierMoya.Task
    /// ``CourierMoya/URLEncoding``.
    public typealias URLEncoding = CourierMoya.URLEncoding
    /// ``CourierMoya/ValidationType``.
    public typealias ValidationType = CourierMoya.ValidationType
}

/// Alamofire's module name as a namespace, so that a name an app qualifies as Alamofire does
/// (`Alamofire.Session`, `Alamofire.AFError`) is found after its `import Alamofire` became
/// `import CourierMoya`.
public enum Alamofire {
    /// ``CourierMoya/AFError``.
    public typealias AFError = CourierMoya.AFError
    /// ``CourierMoya/Adapter``.
    public typealias Adapter = CourierMoya.Adapter
    /// ``CourierMoya/CachedResponseHandler``.
    public typealias CachedResponseHandler = CourierMoya.CachedResponseHandler
    /// ``CourierMoya/CompositeTrustEvaluator``.
    public typealias CompositeTrustEvaluator = CourierMoya.CompositeTrustEvaluator
    /// ``CourierMoya/ConnectionLostRetryPolicy``.
    public typealias ConnectionLostRetryPolicy = CourierMoya.ConnectionLostRetryPolicy
    /// ``CourierMoya/DataRequest``.
    public typealias DataRequest = CourierMoya.DataRequest
    /// ``CourierMoya/DefaultTrustEvaluator``.
    public typealias DefaultTrustEvaluator = CourierMoya.DefaultTrustEvaluator
    /// ``CourierMoya/DisabledTrustEvaluator``.
    public typealias DisabledTrustEvaluator = CourierMoya.DisabledTrustEvaluator
    /// ``CourierMoya/DownloadRequest``.
    public typealias DownloadRequest = CourierMoya.DownloadRequest
    /// ``CourierMoya/EventMonitor``.
    public typealias EventMonitor = CourierMoya.EventMonitor
    /// ``CourierMoya/HTTPHeader``.
    public typealias HTTPHeader = CourierMoya.HTTPHeader
    /// ``CourierMoya/HTTPHeaders``.
    public typealias HTTPHeaders = CourierMoya.HTTPHeaders
    /// ``CourierMoya/HTTPMethod``.
    public typealias HTTPMethod = CourierMoya.HTTPMethod
    /// ``CourierMoya/Interceptor``.
    public typealias Interceptor = CourierMoya.Interceptor
    /// ``CourierMoya/JSONEncoding``.
    public typealias JSONEncoding = CourierMoya.JSONEncoding
    /// ``CourierMoya/MultipartFormBuilder``, Alamofire's `MultipartFormData`.
    public typealias MultipartFormData = CourierMoya.MultipartFormBuilder
    /// ``CourierMoya/ParameterEncoding``.
    public typealias ParameterEncoding = CourierMoya.ParameterEncoding
    /// ``CourierMoya/Parameters``.
    public typealias Parameters = CourierMoya.Parameters
    /// ``CourierMoya/PinnedCertificatesTrustEvaluator``.
    public typealias PinnedCertificatesTrustEvaluator = CourierMoya.PinnedCertificatesTrustEvaluator
    /// ``CourierMoya/PublicKeysTrustEvaluator``.
    public typealias PublicKeysTrustEvaluator = CourierMoya.PublicKeysTrustEvaluator
    /// ``CourierMoya/RedirectHandler``.
    public typealias RedirectHandler = CourierMoya.RedirectHandler
    /// ``CourierMoya/Redirector``.
    public typealias Redirector = CourierMoya.Redirector
    /// ``CourierMoya/Request``.
    public typealias Request = CourierMoya.Request
    /// ``CourierMoya/RequestAdapter``.
    public typealias RequestAdapter = CourierMoya.RequestAdapter
    /// ``CourierMoya/RequestInterceptor``.
    public typealias RequestInterceptor = CourierMoya.RequestInterceptor
    /// ``CourierMoya/RequestRetrier``.
    public typealias RequestRetrier = CourierMoya.RequestRetrier
    /// ``CourierMoya/ResponseCacher``.
    public typealias ResponseCacher = CourierMoya.ResponseCacher
    /// ``CourierMoya/Retrier``.
    public typealias Retrier = CourierMoya.Retrier
    /// ``CourierMoya/RetryPolicy``.
    public typealias RetryPolicy = CourierMoya.RetryPolicy
    /// ``CourierMoya/RetryResult``.
    public typealias RetryResult = CourierMoya.RetryResult
    /// ``CourierMoya/RevocationTrustEvaluator``.
    public typealias RevocationTrustEvaluator = CourierMoya.RevocationTrustEvaluator
    /// ``CourierMoya/ServerTrustEvaluating``.
    public typealias ServerTrustEvaluating = CourierMoya.ServerTrustEvaluating
    /// ``CourierMoya/ServerTrustManager``.
    public typealias ServerTrustManager = CourierMoya.ServerTrustManager
    /// ``CourierMoya/Session``.
    public typealias Session = CourierMoya.Session
    /// ``CourierMoya/SessionDelegate``.
    public typealias SessionDelegate = CourierMoya.SessionDelegate
    /// ``CourierMoya/URLConvertible``.
    public typealias URLConvertible = CourierMoya.URLConvertible
    /// ``CourierMoya/URLEncoding``.
    public typealias URLEncoding = CourierMoya.URLEncoding
    /// ``CourierMoya/URLRequestConvertible``.
    public typealias URLRequestConvertible = CourierMoya.URLRequestConvertible
    /// ``CourierMoya/UploadRequest``.
    public typealias UploadRequest = CourierMoya.UploadRequest
}
