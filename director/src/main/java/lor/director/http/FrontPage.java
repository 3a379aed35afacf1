package lor.director.http;

/** What {@code GET /} shows until the browser client exists: where things are. */
final class FrontPage {

    static final String HTML = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><title>Lor director</title></head>
            <body>
            <h1>Lor director</h1>
            <p>Game clients connect over WebSocket at <code>/ws</code>.</p>
            <ul>
              <li><a href="/api/worlds">/api/worlds</a>: worlds and their processes</li>
              <li><a href="/metrics">/metrics</a>: Prometheus metrics</li>
              <li><a href="/healthz">/healthz</a>, <a href="/readyz">/readyz</a>: health and readiness</li>
            </ul>
            </body>
            </html>
            """;

    private FrontPage() {
    }
}
