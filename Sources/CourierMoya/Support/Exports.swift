// `import CourierMoya` brings what Moya app code uses beside Moya's own names, as `import Moya` did on
// Apple platforms: URL, URLRequest, Data, JSONDecoder, HTTPURLResponse… (on Linux the networking types
// live in FoundationNetworking, which an app written for iOS never imports).
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
