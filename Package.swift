// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    // The products a dependent sees: the core, and Moya 15's surface on it. `courier-demo` and
    // `courier-bench` are executable targets: SwiftPM makes each a product of the same name in this
    // repository only (`swift run courier-demo`).
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierMoya", targets: ["CourierMoya"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .executable(name: "courier-openapi", targets: ["courier-openapi"]),
        .plugin(name: "CourierOpenAPIPlugin", targets: ["CourierOpenAPIPlugin"]),
        .plugin(name: "CourierOpenAPICommand", targets: ["CourierOpenAPICommand"]),
    ],
    targets: [
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(name: "Courier", dependencies: ["CCurl"]),
        // Moya 15's public API (and the Alamofire names Moya apps use) as a face on Courier. Built in the
        // Swift 5 language mode with every Swift 6 feature on (so checked as strictly, its findings warnings,
        // of which there are none): Swift 5 app code treats the types of a Swift 6 module as known not to
        // be Sendable and warns where Moya, a Swift 5 module, never made it warn (a Session captured in a
        // dispatch closure, a task stored in a class target).
        // The cassette trait for Swift Testing (`@Test(.cassette("login"))`). A product of its own because it
        // imports Testing, which an app must not link (on Linux the app would need the toolchain's
        // libTesting.so at run time; on Apple platforms Testing is not shipped on devices): test targets
        // depend on it, the core does not.
        .target(name: "CourierTesting", dependencies: ["Courier"]),
        .target(
            name: "CourierMoya", dependencies: ["Courier"],
            swiftSettings: [.swiftLanguageMode(.v5)] + swift6Features),
        // The OpenAPI generator: reads a document (JSON or YAML, OpenAPI 3.0/3.1 or Swagger 2.0) and writes
        // Courier targets, models and typed calls. Depends on nothing; Courier does not depend on it.
        .target(name: "CourierOpenAPI"),
        .executableTarget(
            name: "courier-openapi", dependencies: ["CourierOpenAPI"], path: "Sources/CourierOpenAPITool"),
        // Generate at build time from a target's openapi.yaml/.json and courier-openapi.json.
        .plugin(name: "CourierOpenAPIPlugin", capability: .buildTool(), dependencies: ["courier-openapi"]),
        // Write the generated files into the package once.
        .plugin(
            name: "CourierOpenAPICommand",
            capability: .command(
                intent: .custom(
                    verb: "courier-openapi", description: "Generate Courier targets from OpenAPI documents"),
                permissions: [.writeToPackageDirectory(reason: "writes the generated sources into the target's folder")]
            ),
            dependencies: ["courier-openapi"]),
        // libcurl's own C loops, the bench's yardstick for CurlTransport; never a dependency of Courier.
        .target(name: "CurlBenchLoop", dependencies: ["CCurl"]),
        .target(name: "LoopbackServer"),
        .target(
            name: "CourierExamples",
            dependencies: ["Courier", "LoopbackServer"],
            path: "Examples",
            exclude: ["CourierDemo", "README.md"],
            plugins: ["CourierOpenAPIPlugin"]
        ),
        .executableTarget(
            name: "courier-demo",
            dependencies: ["Courier", "CourierExamples", "LoopbackServer"],
            path: "Examples/CourierDemo"
        ),
        .executableTarget(
            name: "courier-bench",
            dependencies: ["Courier", "CourierMoya", "CurlBenchLoop", "LoopbackServer"],
            path: "Sources/CourierBench"
        ),
        // What the test targets share: processes (openssl s_server), free ports, work off the cooperative pool.
        .target(name: "TestSupport", dependencies: ["Courier", "LoopbackServer"], path: "Tests/TestSupport"),
        .testTarget(
            name: "CourierTests", dependencies: ["Courier", "CourierTesting", "LoopbackServer", "TestSupport"],
            // The HAR files of the cassette trait's tests, read beside their sources.
            exclude: ["Cassette/Cassettes"]),
        // Written as Moya app code, in the Swift 5 language mode where Moya apps live.
        .testTarget(
            name: "CourierMoyaTests", dependencies: ["CourierMoya", "LoopbackServer", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Two app layers written as Moya apps write them (an app-wide `extension TargetType` default
        // included, which is why they are a module of their own), Swift 5 mode.
        .testTarget(
            name: "CourierMoyaAppTests", dependencies: ["CourierMoya", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "CourierOpenAPITests", dependencies: ["CourierOpenAPI", "TestSupport"]),
        // Real OpenAPI documents (Tests/OpenAPIFixtures/<Name>, each with its courier-openapi.json), generated
        // at build time by the plugin into this one module, and the tests that send every sample of each to
        // a server validating requests against the document.
        .testTarget(
            name: "GeneratedAPITests", dependencies: ["Courier", "LoopbackServer", "TestSupport"],
            path: "Tests/OpenAPIFixtures",
            exclude: ["LICENSES.md"],
            plugins: ["CourierOpenAPIPlugin"]),
        .testTarget(name: "LoopbackServerTests", dependencies: ["LoopbackServer", "TestSupport"]),
        // Imports only Courier: proves that `import Courier` alone brings Foundation (and FoundationNetworking).
        .testTarget(name: "CourierImportTests", dependencies: ["Courier"]),
        .testTarget(
            name: "CourierExamplesTests", dependencies: ["Courier", "CourierExamples", "LoopbackServer"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)

/// The features the Swift 6 language mode turns on, for a target built in the Swift 5 mode.
var swift6Features: [SwiftSetting] {
    [
        "ConciseMagicFile", "ForwardTrailingClosures", "StrictConcurrency", "BareSlashRegexLiterals",
        "DeprecateApplicationMain", "ImportObjcForwardDeclarations", "DisableOutwardActorInference",
        "IsolatedDefaultValues", "GlobalConcurrency", "InferSendableFromCaptures", "ImplicitOpenExistentials",
        "RegionBasedIsolation", "DynamicActorIsolation", "GlobalActorIsolatedTypesUsability",
        "NonfrozenEnumExhaustivity",
    ].map { .enableUpcomingFeature($0) }
}
