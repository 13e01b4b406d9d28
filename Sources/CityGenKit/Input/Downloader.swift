import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP downloads with timeouts, retries and a size cap (URLSession; no hand-written HTTP).
public struct Downloader: Sendable {
    /// How a download behaves; the defaults are the CLI's. Worst case before the fallback: a server that sends
    /// nothing costs `attempts` × `lowSpeedTime` plus the waits between them; one that trickles just
    /// fast enough costs `timeout`.
    public struct Policy: Sendable {
        /// An attempt that receives less than `lowSpeedLimit` bytes a second for `lowSpeedTime` seconds
        /// (connecting included) is abandoned, like curl's `--speed-limit`/`--speed-time`.
        public var lowSpeedLimit = 1024
        public var lowSpeedTime: TimeInterval = 20
        /// Seconds the whole download may take, every attempt and wait included (`--timeout`).
        public var timeout: TimeInterval = Defaults.timeout
        public var attempts = 3
        /// The first retry waits about this long, each next one twice as long, ±50 % jitter.
        public var backoff: TimeInterval = 1
        /// The longest wait a server's `Retry-After` may impose.
        public var retryAfterCap: TimeInterval = 30
        /// The largest body accepted, in bytes.
        public var maximumSize = 256 * 1024 * 1024

        public init() {}

        public enum Defaults {
            public static let timeout: TimeInterval = 120
        }
    }

    /// A download's outcome: a body in a temporary file, or the server's word that the cached copy is current.
    public enum Outcome: Sendable {
        case downloaded(file: URL, etag: String?, lastModified: String?)
        case notModified
    }

    /// Why a download failed, in words for the user.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// Whether another attempt could succeed (network errors, 5xx, 429).
        let retryable: Bool
        /// The server's `Retry-After`, in seconds, when it sent one.
        var retryAfter: TimeInterval?
    }

    public var policy: Policy

    public init(policy: Policy = Policy()) { self.policy = policy }

    /// Downloads `url` into a temporary file in `folder`, conditionally when `etag` or `lastModified` is given.
    public func fetch(
        _ url: URL, into folder: URL, etag: String? = nil, lastModified: String? = nil,
        log: @Sendable (String) -> Void = { _ in }, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) async throws -> Outcome {
        let deadline = Date().addingTimeInterval(policy.timeout)
        var attempt = 1
        while true {
            do {
                return try await once(url, into: folder, etag: etag, lastModified: lastModified, deadline: deadline, progress: progress)
            } catch let failure as Failure where failure.retryable && attempt < policy.attempts {
                let backoff = policy.backoff * pow(2, Double(attempt - 1)) * Double.random(in: 0.5...1.5)
                let wait = failure.retryAfter.map { min($0, policy.retryAfterCap) } ?? backoff
                guard Date().addingTimeInterval(wait) < deadline else {
                    throw Failure(description: "\(failure); gave up after \(Self.seconds(policy.timeout)) (--timeout)", retryable: false)
                }
                log("attempt \(attempt) of \(policy.attempts) failed (\(failure)); retrying in \(String(format: "%.1f", wait)) s")
                try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
                attempt += 1
            }
        }
    }

    /// `12 s`, `1.5 s`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(Digits.oneDecimal(value)) s"
    }

    private func once(
        _ url: URL, into folder: URL, etag: String?, lastModified: String?, deadline: Date,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws -> Outcome {
        var request = URLRequest(url: url)
        // URLSession's own idle timeout only backs up the low-speed rule, which the watchdog below applies.
        request.timeoutInterval = policy.lowSpeedTime + 5
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(".download-\(UUID().uuidString)")
        let receiver = try BodyReceiver(file: file, maximumSize: policy.maximumSize, progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.lowSpeedTime + 5
        configuration.timeoutIntervalForResource = max(0.1, deadline.timeIntervalSinceNow)
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        let watchdog = Task { [policy] in await receiver.watch(task, policy: policy, deadline: deadline) }
        let (response, error) = await receiver.run(task)
        watchdog.cancel()
        func discard() { try? FileManager.default.removeItem(at: file) }
        if let abandoned = receiver.abandoned {
            discard()
            throw Failure(description: abandoned, retryable: Date() < deadline)
        }
        if let tooLarge = receiver.tooLarge {
            discard()
            throw Failure(description: "the body is larger than the \(policy.maximumSize)-byte limit (\(tooLarge))", retryable: false)
        }
        if let error {
            discard()
            throw Failure(description: Self.describe(error, url: url, received: receiver.received), retryable: Self.isRetryable(error))
        }
        guard let http = response as? HTTPURLResponse else {
            discard()
            throw Failure(description: "no HTTP response", retryable: true)
        }
        switch http.statusCode {
        case 200:
            if http.expectedContentLength >= 0, receiver.received != Int(http.expectedContentLength),
                http.value(forHTTPHeaderField: "Content-Encoding") == nil
            {
                discard()
                throw Failure(description: "the body ended after \(receiver.received) of \(http.expectedContentLength) bytes", retryable: true)
            }
            return .downloaded(file: file, etag: http.value(forHTTPHeaderField: "ETag"),
                lastModified: http.value(forHTTPHeaderField: "Last-Modified"))
        case 304:
            discard()
            return .notModified
        default:
            discard()
            let retryable = http.statusCode == 429 || (500...599).contains(http.statusCode)
            throw Failure(description: "HTTP \(http.statusCode) \(HTTPURLResponse.localizedString(forStatusCode: http.statusCode))",
                retryable: retryable,
                retryAfter: Self.retryAfter(http.value(forHTTPHeaderField: "Retry-After")))
        }
    }

    /// A transfer error in words: what failed, with the host (and port) it concerns.
    static func describe(_ error: Error, url: URL, received: Int) -> String {
        let host = (url.host ?? "?") + (url.port.map { ":\($0)" } ?? "")
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        switch code {
        case .cannotFindHost, .dnsLookupFailed: return "host not found: \(url.host ?? "?")"
        case .cannotConnectToHost: return "connection refused by \(host)"
        case .notConnectedToInternet: return "no network connection"
        case .networkConnectionLost:
            return "\(host) closed the connection after \(Digits.grouped(received)) bytes"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            return "TLS with \(host) failed: \(error.localizedDescription)"
        case .timedOut: return "no answer from \(host) in time"
        case .badServerResponse: return "\(host) did not answer in HTTP"
        default: return error.localizedDescription
        }
    }

    /// Whether a transfer error may pass on its own within the seconds between attempts. A host name that does not
    /// resolve, or no network at all, is how an offline machine fails: retrying would only delay the fallback.
    static func isRetryable(_ error: Error) -> Bool {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        return ![.cannotFindHost, .dnsLookupFailed, .notConnectedToInternet].contains(code)
    }

    /// `Retry-After` as seconds: a number of seconds, or an HTTP date.
    static func retryAfter(_ value: String?) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }
}

/// Streams a response body into a file, stopping at the size cap.
private final class BodyReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let handle: FileHandle
    private let maximumSize: Int
    private let progress: @Sendable (BuildProgress) -> Void
    private let state = Locked<
        (response: URLResponse?, received: Int, tooLarge: String?, abandoned: String?, done: CheckedContinuation<(URLResponse?, Error?), Never>?)
    >((nil, 0, nil, nil, nil))

    init(file: URL, maximumSize: Int, progress: @escaping @Sendable (BuildProgress) -> Void) throws {
        self.progress = progress
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CityGenError.writeFailed(path: file.path, reason: "cannot create the file")
        }
        handle = try FileHandle(forWritingTo: file)
        self.maximumSize = maximumSize
    }

    var received: Int { state.withLock { $0.received } }
    var tooLarge: String? { state.withLock { $0.tooLarge } }
    /// Why the watchdog cancelled the transfer, when it did.
    var abandoned: String? { state.withLock { $0.abandoned } }

    /// Cancels `task` when it is slower than `policy`'s low speed for long enough, or at `deadline`; returns when over.
    func watch(_ task: URLSessionDataTask, policy: Downloader.Policy, deadline: Date) async {
        var mark = (time: Date(), bytes: 0)
        let enough = Int(Double(policy.lowSpeedLimit) * policy.lowSpeedTime)
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(min(1, policy.lowSpeedTime / 10) * 1e9))
            let now = Date(), received = self.received
            var reason: String?
            if received - mark.bytes >= enough {
                mark = (now, received)
            } else if now.timeIntervalSince(mark.time) >= policy.lowSpeedTime {
                let span = Downloader.seconds(policy.lowSpeedTime)
                reason = received == mark.bytes
                    ? "no data for \(span)"
                    : "slower than \(Digits.grouped(policy.lowSpeedLimit)) bytes/s for \(span) (\(Digits.grouped(received - mark.bytes)) bytes)"
            }
            if now >= deadline { reason = "gave up after \(Downloader.seconds(policy.timeout)) (--timeout)" }
            if let reason, !Task.isCancelled {
                state.withLock { $0.abandoned = reason }
                task.cancel()
                return
            }
        }
    }

    func run(_ task: URLSessionDataTask) async -> (URLResponse?, Error?) {
        await withCheckedContinuation { continuation in
            state.withLock { $0.done = continuation }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void)
    {
        let declared = response.expectedContentLength
        state.withLock { $0.response = response }
        if declared > maximumSize {
            state.withLock { $0.tooLarge = "Content-Length \(declared)" }
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (over, received, expected) = state.withLock { state -> (Bool, Int, Int64?) in
            state.received += data.count
            if state.received > maximumSize { state.tooLarge = "\(state.received) bytes received" }
            return (state.received > maximumSize, state.received, state.response?.expectedContentLength)
        }
        if over { dataTask.cancel() } else { handle.write(data) }
        progress(BuildProgress(step: .download, done: received, total: expected.flatMap { $0 > 0 ? Int($0) : nil }))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        try? handle.close()
        let (continuation, response) = state.withLock { state in
            defer { state.done = nil }
            return (state.done, state.response)
        }
        continuation?.resume(returning: (response, error))
    }
}
