/// The `af` namespace Alamofire adds to Foundation types: `URLSessionConfiguration.af.default`,
/// `Bundle.main.af.certificates`.
public struct AlamofireExtension<ExtendedType> {
    /// The value the namespace extends.
    public private(set) var type: ExtendedType

    /// The namespace of `type`.
    public init(_ type: ExtendedType) {
        self.type = type
    }
}

/// A type with the `af` namespace.
public protocol AlamofireExtended {
    /// The type the namespace extends.
    associatedtype ExtendedType

    /// The namespace of the type.
    static var af: AlamofireExtension<ExtendedType>.Type { get set }
    /// The namespace of the value.
    var af: AlamofireExtension<ExtendedType> { get set }
}

extension AlamofireExtended {
    /// The namespace of the type.
    public static var af: AlamofireExtension<Self>.Type {
        get { AlamofireExtension<Self>.self }
        set {}
    }

    /// The namespace of the value.
    public var af: AlamofireExtension<Self> {
        get { AlamofireExtension(self) }
        set {}
    }
}

extension URLSessionConfiguration: AlamofireExtended {}

extension AlamofireExtension where ExtendedType: URLSessionConfiguration {
    /// The `.default` configuration with Alamofire's default headers (``HTTPHeaders/default``).
    public static var `default`: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.headers = .default
        return configuration
    }

    /// The `.ephemeral` configuration with Alamofire's default headers.
    public static var ephemeral: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.headers = .default
        return configuration
    }
}
