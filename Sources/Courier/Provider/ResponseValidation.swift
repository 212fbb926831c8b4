import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The judgement of an attempt's answer by the target's ``ValidationType``.
extension Provider {
    /// The most body bytes read into a ``CourierError/statusCode(_:)`` error's response for a stream.
    static var rejectedBodyPrefix: Int { 64 << 10 }

    /// `outcome` once its status has been judged by `validation`: a rejected status is
    /// ``CourierError/statusCode(_:)``.
    ///
    /// A rejected stream carries the start of its body (up to 64 KiB) and its transfer stops. A
    /// download reaches its destination only once its status has passed; a rejected or failed one
    /// leaves no file behind (see ``TransferPlan/completingDownload(_:)``).
    static func validated(
        _ outcome: Result<Answer, CourierError>, by validation: ValidationType, plan: TransferPlan
    ) async -> Result<Answer, CourierError> {
        if case .success(let answer) = outcome, let body = answer.body {
            guard !validation.accepts(answer.response.statusCode) else { return outcome }
            let head = answer.response
            let start = await body.prefix(rejectedBodyPrefix)
            return .failure(
                .statusCode(
                    Response(statusCode: head.statusCode, data: start, request: head.request, response: head.response)))
        }
        let judged = outcome.map(\.response).flatMap { response -> Result<Response, CourierError> in
            validation.accepts(response.statusCode) ? .success(response) : .failure(.statusCode(response))
        }
        return plan.completingDownload(judged).map { Answer(response: $0) }
    }
}
