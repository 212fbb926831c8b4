import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SessionTask {
    // MARK: The response head's deadline

    // URLSession on Linux restarts its request timer on every header line, so a server dripping one
    // line every 200 ms holds a request for ever. The head is due a request timeout after the request,
    // or the last piece of its body, went out (as CurlTransport has it); one timer per request checks.

    /// Makes the head due a request timeout from now.
    func armHead(_ state: inout State) {
        let deadline = DispatchTime.now() + headTimeout
        state.isHeadDue = true
        state.headDeadline = deadline
        if let timer = state.headTimer {
            timer.schedule(deadline: deadline)
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak self] in self?.headDeadlinePassed() }
        timer.schedule(deadline: deadline)
        timer.activate()
        state.headTimer = timer
    }

    /// The deadline passed: the head is late unless URLSession has read it by now.
    ///
    /// On Linux every session of a process shares one work queue, where URLSession reads its sockets
    /// and runs its own timers: while another session's large transfer keeps that queue busy, a head
    /// the server sent in time can wait there unread. So a head URLSession has not read yet gets a
    /// second look through the session's work queue and then its delegate queue (`getAllTasks`),
    /// behind the callbacks of everything URLSession had read by the deadline: a congested queue
    /// delays the verdict, as it delays URLSession's own timeouts, instead of turning a prompt answer
    /// into a timeout.
    private func headDeadlinePassed() {
        let task = state.withLock { state -> URLSessionTask? in
            guard state.isHeadDue, DispatchTime.now() >= state.headDeadline else { return nil }
            return state.task
        }
        guard let task else { return }
        if Self.hasHead(task) {
            state.withLock { $0.isHeadDue = false }
            return
        }
        owner.session.getAllTasks { [weak self] _ in self?.checkHead(of: task) }
    }

    /// Whether URLSession has read `task`'s head. It records the head before it queues the callback
    /// that tells of it, so this sees a head the delegate queue has not caught up with.
    private static func hasHead(_ task: URLSessionTask) -> Bool {
        task.response != nil || task.countOfBytesReceived > 0
    }

    /// Fails the request with a timeout unless the delegate has been told of its head by now.
    ///
    /// A data task's head comes with a callback, queued before this check when URLSession read it by
    /// the deadline; one read later is late, even when the delegate queue has not got to it. A
    /// download task is told of no head: what URLSession has of it by now stands for one.
    private func checkHead(of task: URLSessionTask) {
        let isStillDue = state.withLock { state in
            state.isHeadDue && state.task === task && DispatchTime.now() >= state.headDeadline
        }
        guard isStillDue else { return }
        if task is URLSessionDownloadTask, Self.hasHead(task) {
            state.withLock { $0.isHeadDue = false }
            return
        }
        var info: [String: Any] = [NSLocalizedDescriptionKey: "The response head did not arrive in time."]
        info[NSURLErrorFailingURLErrorKey] = task.currentRequest?.url
        stop(task, failing: URLError(.timedOut, userInfo: info))
    }
}
