import Courier

/// The ten query parameters of the GET case, as an app holds them before a request.
///
/// The values only use characters that `URLComponents` and Courier escape alike (letters, digits,
/// `-`, and spaces, written `%20` by both), so both build the very same URL.
struct SearchQuery: Sendable {
    var text = "swift http client"
    var page = 3
    var perPage = 50
    var sort = "updated"
    var order = "desc"
    var language = "swift"
    var includeArchived = false
    var minimumStars = 100
    var since = "2024-01-01"
    var topic = "server side"

    /// The query as Courier parameters.
    var parameters: Parameters {
        [
            "q": text, "page": page, "per_page": perPage, "sort": sort, "order": order, "language": language,
            "include_archived": includeArchived, "min_stars": minimumStars, "since": since, "topic": topic,
        ]
    }
}
