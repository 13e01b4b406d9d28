import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP downloads with timeouts, retries and a size cap (URLSession; no hand-written HTTP).
public struct Downloader: Sendable {
    /// How a download behaves; the defaults are the CLI's.
    public struct Policy: Sendable {
        /// Seconds without any data (connecting included) before an attempt fails.
        public var readTimeout: TimeInterval = 30
        /// Seconds one attempt may take in all.
        public var attemptTimeout: TimeInterval = 300
        public var attempts = 3
        /// The first retry waits about this long, each next one twice as long, ±50 % jitter.
        public var backoff: TimeInterval = 1
        /// The longest wait a server's `Retry-After` may impose.
        public var retryAfterCap: TimeInterval = 30
        /// The largest body accepted, in bytes.
        public var maximumSize = 256 * 1024 * 1024

        public init() {}
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
    /// `log` hears about each retry.
    public func fetch(
        _ url: URL, into folder: URL, etag: String? = nil, lastModified: String? = nil,
        log: @Sendable (String) -> Void = { _ in }, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) async throws -> Outcome {
        var attempt = 1
        while true {
            do {
                return try await once(url, into: folder, etag: etag, lastModified: lastModified, progress: progress)
            } catch let failure as Failure where failure.retryable && attempt < policy.attempts {
                let backoff = policy.backoff * pow(2, Double(attempt - 1)) * Double.random(in: 0.5...1.5)
                let wait = failure.retryAfter.map { min($0, policy.retryAfterCap) } ?? backoff
                log("attempt \(attempt) of \(policy.attempts) failed (\(failure)); retrying in \(String(format: "%.1f", wait)) s")
                try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
                attempt += 1
            }
        }
    }

    private func once(
        _ url: URL, into folder: URL, etag: String?, lastModified: String?, progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws -> Outcome {
        var request = URLRequest(url: url)
        request.timeoutInterval = policy.readTimeout
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(".download-\(UUID().uuidString)")
        let receiver = try BodyReceiver(file: file, maximumSize: policy.maximumSize, progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.readTimeout
        configuration.timeoutIntervalForResource = policy.attemptTimeout
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (response, error) = await receiver.run(session.dataTask(with: request))
        func discard() { try? FileManager.default.removeItem(at: file) }
        if let tooLarge = receiver.tooLarge {
            discard()
            throw Failure(description: "the body is larger than the \(policy.maximumSize)-byte limit (\(tooLarge))", retryable: false)
        }
        if let error {
            discard()
            throw Failure(description: (error as NSError).localizedDescription, retryable: true)
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
            throw Failure(description: "HTTP status \(http.statusCode)", retryable: retryable,
                retryAfter: Self.retryAfter(http.value(forHTTPHeaderField: "Retry-After")))
        }
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
    private let state = Mutex<(response: URLResponse?, received: Int, tooLarge: String?, done: CheckedContinuation<(URLResponse?, Error?), Never>?)>(
        (nil, 0, nil, nil))

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
