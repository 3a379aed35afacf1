package lor.director.http;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import lor.director.DirectorMetrics;
import lor.director.db.Database;
import lor.director.registry.WorldRegistry;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldView;
import lor.protocol.Json;
import lor.protocol.netty.HttpResponses;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The director's plain HTTP endpoints: health, readiness, metrics, the world list, and the front page, each for GET
 * and for HEAD (the same headers, no body); the page's files compressed and revalidated ({@link StaticFiles}).
 */
public final class ApiHandler {

    static final String READ_METHODS = "GET, HEAD";

    /** Readiness answers within this, whatever state the database is in. */
    static final long READY_TIMEOUT_MS = 2_000;

    private final Database database;
    private final WorldSupervisor worlds;
    private final DirectorMetrics metrics;
    private final Executor blocking;
    private final AdminApi admin;
    private final StaticFiles files;

    /**
     * @param adminToken null to keep {@code /admin} and {@code /api/admin/} off
     * @param registry   worlds and templates made at runtime through the admin API; null leaves those routes off
     */
    public ApiHandler(Database database, WorldSupervisor worlds, DirectorMetrics metrics, Executor blocking,
                      String adminToken, WorldRegistry registry) {
        this(database, worlds, metrics, blocking, adminToken, registry, null);
    }

    /**
     * @param modulesDir the director's {@code --modules-dir}: a {@code sim.js} there (a studio's build of the page's
     *                   script, with its modules) is served in place of the built-in one; null for none
     * @throws IllegalArgumentException when that {@code sim.js} cannot be read or is empty, naming it
     */
    public ApiHandler(Database database, WorldSupervisor worlds, DirectorMetrics metrics, Executor blocking,
                      String adminToken, WorldRegistry registry, Path modulesDir) {
        this.files = StaticFiles.withModulesDir(modulesDir);
        this.database = database;
        this.worlds = worlds;
        this.metrics = metrics;
        this.blocking = blocking;
        this.admin = new AdminApi(adminToken, worlds,
                registry == null ? null : new RegistryApi(registry, blocking));
    }

    /**
     * Answers one request. Asynchronous answers pause reading from the connection until they are written, so
     * pipelined requests are answered in order.
     */
    public void handle(ChannelHandlerContext ctx, FullHttpRequest request, String path) {
        if (path.startsWith(AdminApi.PREFIX)) {
            admin.handle(ctx, request);
            return;
        }
        if (!readsOnly(request)) {
            FullHttpResponse refusal = HttpResponses.response(HttpResponseStatus.METHOD_NOT_ALLOWED,
                    HttpResponses.TEXT, "only GET and HEAD are supported here\n".getBytes(StandardCharsets.UTF_8));
            refusal.headers().set(HttpHeaderNames.ALLOW, READ_METHODS);
            HttpResponses.write(ctx, request, refusal);
            return;
        }
        switch (path) {
            case "/healthz" -> HttpResponses.send(ctx, request, HttpResponseStatus.OK, HttpResponses.JSON,
                    "{\"status\":\"ok\"}");
            case "/readyz" -> readiness(ctx, request);
            case "/metrics" -> HttpResponses.send(ctx, request, HttpResponseStatus.OK, DirectorMetrics.CONTENT_TYPE,
                    metrics.render(worlds.views(), worlds.readySpares()));
            case "/api/worlds" -> HttpResponses.send(ctx, request, HttpResponseStatus.OK, HttpResponses.JSON,
                    worldsJson(worlds.views()));
            case "/" -> serve(ctx, request, "index.html");
            // Browsers ask for it whatever the page links; without it every load logged a 404 in the console.
            case "/favicon.ico" -> serve(ctx, request, "favicon.svg");
            case "/admin" -> {
                if (admin.enabled()) {
                    serve(ctx, request, "admin.html");
                } else {
                    HttpResponses.notFound(ctx, request);
                }
            }
            default -> {
                String name = path.substring(1);
                if (name.startsWith("admin") && !admin.enabled()) {
                    HttpResponses.notFound(ctx, request);
                } else {
                    serve(ctx, request, name);
                }
            }
        }
    }

    /** Whether the request is a GET or a HEAD (which HTTP requires wherever GET works: the same, without a body). */
    static boolean readsOnly(FullHttpRequest request) {
        return HttpMethod.GET.equals(request.method()) || HttpMethod.HEAD.equals(request.method());
    }

    private void serve(ChannelHandlerContext ctx, FullHttpRequest request, String name) {
        StaticFiles.File file = name.indexOf('/') < 0 ? files.get(name) : null;
        if (file == null) {
            HttpResponses.notFound(ctx, request);
        } else {
            HttpResponses.write(ctx, request, StaticFiles.answer(request, file));
        }
    }

    private void readiness(ChannelHandlerContext ctx, FullHttpRequest request) {
        FullHttpRequest retained = request.retain();
        ctx.channel().config().setAutoRead(false);
        CompletableFuture.supplyAsync(database::ping, blocking)
                .completeOnTimeout(false, READY_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                .exceptionally(error -> false)
                .thenAccept(up -> ctx.executor().execute(() -> {
                    try {
                        if (up) {
                            HttpResponses.send(ctx, retained, HttpResponseStatus.OK, HttpResponses.JSON,
                                    "{\"status\":\"ready\"}");
                        } else {
                            HttpResponses.send(ctx, retained, HttpResponseStatus.SERVICE_UNAVAILABLE,
                                    HttpResponses.JSON, "{\"status\":\"unavailable\","
                                            + "\"reason\":\"database does not answer\"}");
                        }
                    } finally {
                        retained.release();
                        ctx.channel().config().setAutoRead(true);
                    }
                }));
    }

    static String worldsJson(List<WorldView> views) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (WorldView w : views) {
            ObjectNode o = array.addObject()
                    .put("worldId", w.worldId())
                    .put("name", w.name())
                    .put("status", w.status().wireName())
                    .put("players", w.players());
            if (w.pid() == null) {
                o.putNull("pid");
            } else {
                o.put("pid", w.pid());
            }
            if (w.gamePort() == null) {
                o.putNull("gamePort");
            } else {
                o.put("gamePort", w.gamePort());
            }
            o.put("lastSnapshotSeq", w.lastSnapshotSeq());
            o.put("hydratedSeq", w.hydratedSeq());
            o.put("failure", w.failure());
        }
        return Json.MAPPER.writeValueAsString(array);
    }
}
