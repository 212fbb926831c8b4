// `import Courier` is enough to use what Courier's API is made of: URL, URLRequest, Data, JSONDecoder,
// HTTPURLResponse, URLCredential, URLSession… (on Linux, the networking types live in
// FoundationNetworking, which a file importing only Foundation would not see).
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
