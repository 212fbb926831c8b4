import CourierOpenAPI
import Foundation

// courier-openapi: see `swift run courier-openapi --help`.
exit(courierOpenAPIMain(Array(CommandLine.arguments.dropFirst())))
