import Foundation

extension Provider {
    /// Sends the request of `target` and returns the payload of its enveloped answer, decoded as `D`.
    ///
    /// Each way of failing is its own error, with the response attached where one arrived:
    /// - the request failed or its status was rejected: as ``request(_:)`` throws;
    /// - the body is not JSON: ``CourierError/jsonMapping(_:)``;
    /// - the body is JSON but not the envelope: ``CourierError/objectMapping(_:_:)`` with ``EnvelopeMismatch``;
    /// - the payload is not a `D`: ``CourierError/objectMapping(_:_:)`` with the `DecodingError`;
    /// - the envelope reports a failure: ``CourierError/underlying(_:_:)`` with the ``BusinessError``
    ///   (also at ``CourierError/businessError``).
    public func request<D: Decodable>(
        _ target: Target, as type: D.Type, envelope: some ResponseEnvelope, using decoder: JSONDecoder = JSONDecoder()
    ) async throws(CourierError) -> D {
        let response = try await request(target)
        do {
            return try envelope.unwrap(type, from: response, using: decoder)
        } catch {
            throw CourierError(error) { error in
                error is BusinessError ? .underlying(error, response) : .objectMapping(error, response)
            }
        }
    }
}

extension CourierError {
    /// The failure a response envelope reported, or `nil` when the error is of another kind.
    public var businessError: BusinessError? {
        guard case .underlying(let error as BusinessError, _) = self else { return nil }
        return error
    }
}
