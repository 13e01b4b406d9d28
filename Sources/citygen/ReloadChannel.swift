import CityGenKit
import FlyingFox
import FlyingSocks
import Foundation

/// The preview's reload channel: server-sent events to every open page (`reload`, or `problem` with the error to
/// show). It only sends: a page has no way to say anything on it.
final class ReloadChannel: Sendable {
    /// The request path of the event stream; `.citygen` names no file of a site (`ServePath` refuses it).
    static let path = "/\(SiteLayout.bookkeepingPrefix)/events"

    /// The open pages, and the error being shown, if any, which a page that opens now is told first: under one lock,
    /// so that no error falls between a page's opening and its registration.
    private let state = Locked<(pages: [UUID: AsyncStream<[UInt8]>.Continuation], problem: String?)>(([:], nil))

    /// An event to every open page; returns how many there are.
    @discardableResult
    func send(_ event: Event) -> Int {
        let bytes = event.bytes
        return state.withLock { state in
            switch event {
            case .problem(let text): state.problem = text
            case .reload: state.problem = nil
            case .ping: break
            }
            for page in state.pages.values { page.yield(bytes) }
            return state.pages.count
        }
    }

    /// What the channel says.
    enum Event {
        /// Load the page again: the site changed.
        case reload
        /// Show this error over the page: the last change broke the site, which is served as it was before it.
        case problem(String)
        /// Nothing: keeps an idle connection open through proxies, and finds pages that went away.
        case ping

        var bytes: [UInt8] {
            switch self {
            case .reload: Array("event: reload\ndata: \n\n".utf8)
            case .problem(let text): Array(("event: problem\n" + text.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n").utf8)
            case .ping: Array(": ping\n\n".utf8)
            }
        }
    }

    /// The response that opens a page's event stream.
    func response() -> HTTPResponse {
        let id = UUID()
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [state] _ in _ = state.withLock { $0.pages.removeValue(forKey: id) } }
        state.withLock { state in
            continuation.yield(state.problem.map { Event.problem($0).bytes } ?? Event.ping.bytes)
            state.pages[id] = continuation
        }
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "text/event-stream; charset=utf-8", HTTPHeader("Cache-Control"): "no-store"],
            body: HTTPBodySequence(from: EventBytes(stream: stream)))
    }

    /// Pings every open page every `interval` seconds, until cancelled.
    func keepAlive(every interval: Duration = .seconds(10)) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            send(.ping)
        }
    }

    /// What the page runs: reloads on `reload` (keeping its scroll position) and shows `problem` over itself.
    static let pageScript: [UInt8] = Array(
        """
        <script>/* citygen serve --watch */(function () {
        var key = 'citygen-scroll:' + location.pathname + location.search, y = sessionStorage.getItem(key);
        if (y !== null) { sessionStorage.removeItem(key); addEventListener('load', function () { scrollTo(0, +y); }); }
        var events = new EventSource('\(path)');
        events.addEventListener('reload', function () { sessionStorage.setItem(key, String(scrollY)); location.reload(); });
        events.addEventListener('problem', function (e) {
          var box = document.getElementById('citygen-preview-error');
          if (!box) {
            box = document.createElement('pre'); box.id = 'citygen-preview-error'; box.setAttribute('role', 'alert');
            box.style.cssText = 'position:fixed;top:0;left:0;right:0;z-index:2147483647;margin:0;padding:1em;max-height:50vh;overflow:auto;'
              + 'background:#fff0f0;color:#8b0000;border-bottom:3px solid #8b0000;white-space:pre-wrap;font:14px/1.4 monospace';
            document.body.appendChild(box);
          }
          box.textContent = e.data;
        });
        })();</script>

        """.utf8)

    /// `html` with the page script before its last `</body>`, or at its end.
    static func withPageScript(_ html: [UInt8]) -> [UInt8] {
        let end = Array("</body>".utf8)
        var at = html.count
        if html.count >= end.count {
            for start in stride(from: html.count - end.count, through: 0, by: -1) where html[start] == end[0] && Array(html[start..<start + end.count]) == end {
                at = start
                break
            }
        }
        return Array(html[..<at]) + pageScript + Array(html[at...])
    }
}

/// An event stream's bytes, as FlyingFox sends a body of unknown length (chunked).
private struct EventBytes: AsyncBufferedSequence {
    typealias Element = UInt8
    let stream: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator { Iterator(events: stream.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var events: AsyncStream<[UInt8]>.Iterator
        mutating func next() async throws -> UInt8? { fatalError("call nextBuffer(suggested:)") }
        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? { await events.next() }
    }
}
