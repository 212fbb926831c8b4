import Courier

/// How a Courier result reads as a ``MoyaProvider``'s, which is how Moya 15 on Alamofire reports it.
enum MoyaResult {
    /// The result of a request sent over the network:
    /// - a status the target's validation rejected is
    ///   `.underlying(AFError.responseValidationFailed(reason: .unacceptableStatusCode(code:)), response)`
    ///   (nothing is rejected for a validation whose codes are empty, as in Moya);
    /// - a cancelled request is `.underlying(AFError.explicitlyCancelled, nil)`;
    /// - a failure of the transfer is `.underlying(AFError.sessionTaskFailed(error:), response)`, a file
    ///   part of a form that cannot be read `.underlying(AFError.multipartEncodingFailed(reason:), nil)`;
    /// - an ``AFError`` an interceptor gave stays as it is.
    static func network(
        _ result: Result<Courier.Response, CourierError>, validation: ValidationType, isMultipart: Bool,
        session: Session? = nil
    ) -> Result<Response, MoyaError> {
        switch result {
        case .success(let response):
            return .success(Response(response))
        case .failure(.statusCode(let response)):
            guard !validation.statusCodes.isEmpty else { return .success(Response(response)) }
            let error = AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: response.statusCode))
            return .failure(.underlying(error, Response(response)))
        case .failure(.underlying(let error, let response)):
            return .failure(
                .underlying(afError(error, isMultipart: isMultipart, session: session), response.map(Response.init)))
        case .failure(let error):
            return .failure(MoyaError(error))
        }
    }

    /// The ``AFError`` Alamofire would have failed with where Courier failed with `error`.
    ///
    /// A request cancelled because its session was invalidated is ``AFError/sessionInvalidated(error:)``;
    /// a server the transport did not trust, under a session with a ``ServerTrustManager``, is
    /// ``AFError/serverTrustEvaluationFailed(reason:)`` with the reason its evaluator gives.
    static func afError(_ error: any Error, isMultipart: Bool, session: Session? = nil) -> AFError {
        if let error = error as? AFError { return error }
        if CourierError.underlying(error, nil).isCancelled {
            if let invalidation = session?.invalidation { return .sessionInvalidated(error: invalidation.error) }
            return .explicitlyCancelled
        }
        if let urlError = error as? URLError, urlError.code == .serverCertificateUntrusted,
            let manager = session?.serverTrustManager, let host = urlError.failingURL?.host
        {
            return .serverTrustEvaluationFailed(reason: manager.failureReason(forHost: host, error: urlError))
        }
        if isMultipart, let transfer = error as? TransferError {
            switch transfer {
            case .fileNotFound(let url): return .multipartEncodingFailed(reason: .bodyPartFileNotReachable(at: url))
            case .fileNotReadable(let url): return .multipartEncodingFailed(reason: .bodyPartFileIsDirectory(at: url))
            case .streamNotReadable, .cannotWriteBody:
                return .multipartEncodingFailed(reason: .inputStreamReadFailed(error: transfer))
            default: break
            }
        }
        return .sessionTaskFailed(error: error)
    }
}

extension Result<Response, MoyaError> {
    /// The response, whether the request succeeded or failed with one attached.
    var response: Response? {
        switch self {
        case .success(let response): response
        case .failure(let error): error.response
        }
    }

    /// The error, when the request failed.
    var error: MoyaError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
