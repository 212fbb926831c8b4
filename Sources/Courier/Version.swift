/// The version of Courier this module was built from, as its release is tagged: `"0.3.0"`.
///
/// Written in a bug report or a `User-Agent`, it says which release behaves as seen; `CHANGELOG.md`
/// lists what each version holds.
public let courierVersion = "0.3.0"
