/// The one place plugins hear how a request ended.
extension Provider {
    /// Tells `plugins` the final `result` of a request: `didReceive` in array order, then, when
    /// `processing`, `process` in array order, each taking the previous one's result; returns what the
    /// last `process` made of it. A stream's plugins hear `didReceive` alone, once its body has been read,
    /// as there is no whole response to transform.
    static func report(
        _ result: Result<Response, CourierError>, to plugins: [any PluginType], target: Target,
        context: RequestContext, processing: Bool
    ) -> Result<Response, CourierError> {
        RequestContext.$bound.withValue(context) {
            for plugin in plugins {
                plugin.didReceive(result, target: target)
            }
            guard processing else { return result }
            return plugins.reduce(result) { result, plugin in plugin.process(result, target: target) }
        }
    }
}
