import CCurl
import Foundation

extension CurlEasy {
    /// What libcurl measured of the transfer just finished on this handle, `redirectCount` hops after
    /// the first.
    func metrics(redirectCount: Int) -> TransferMetrics {
        func phase(_ info: Int32) -> Duration? {
            let microseconds = offset(info)
            return microseconds > 0 ? .microseconds(microseconds) : nil
        }
        let reused = long(CCURLINFO_NUM_CONNECTS) == 0
        let version: String? =
            switch long(CCURLINFO_HTTP_VERSION) {
            case 1: "HTTP/1.0"
            case 2: "HTTP/1.1"
            case 3: "HTTP/2"
            case 30: "HTTP/3"
            default: nil
            }
        let port = long(CCURLINFO_PRIMARY_PORT)
        return TransferMetrics(
            domainLookup: reused ? nil : phase(CCURLINFO_NAMELOOKUP_TIME_T),
            connect: reused ? nil : phase(CCURLINFO_CONNECT_TIME_T),
            secureConnection: reused ? nil : phase(CCURLINFO_APPCONNECT_TIME_T),
            firstByte: phase(CCURLINFO_STARTTRANSFER_TIME_T),
            total: .microseconds(offset(CCURLINFO_TOTAL_TIME_T)),
            bytesSent: Int64(long(CCURLINFO_REQUEST_SIZE)) + offset(CCURLINFO_SIZE_UPLOAD_T),
            bytesReceived: Int64(long(CCURLINFO_HEADER_SIZE)) + offset(CCURLINFO_SIZE_DOWNLOAD_T),
            redirectCount: redirectCount, isReusedConnection: reused, httpVersion: version,
            remoteAddress: string(CCURLINFO_PRIMARY_IP), remotePort: port > 0 ? port : nil)
    }
}
