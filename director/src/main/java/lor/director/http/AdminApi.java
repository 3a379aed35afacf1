package lor.director.http;

import java.util.ArrayList;
import java.util.List;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import lor.director.world.WorldStatus;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldView;
import lor.protocol.Json;
import lor.protocol.Names;
import lor.protocol.netty.HttpResponses;
import lor.protocol.ticket.Secrets;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The operator's JSON under {@code /api/admin/}, guarded by {@code Authorization: Bearer <admin token>}. Without an
 * admin token configured the whole surface answers 404, as if it did not exist.
 * <pre>
 * GET  /api/admin/worlds                 every world with process, players, tick figures and snapshot age
 * POST /api/admin/worlds/{worldId}/stop  stop a world gracefully (202), 404 unknown, 409 not running
 * POST /api/admin/worlds/{worldId}/clear clear a failed world (200; it is stopped, the next join starts it),
 *                                        404 unknown, 409 not failed
 * </pre>
 * and the worlds and templates made at runtime ({@link RegistryApi}). Each GET answers HEAD too, without the body.
 */
final class AdminApi {

    static final String PREFIX = "/api/admin/";
    private static final String BEARER = "Bearer ";

    private final String token;
    private final WorldSupervisor worlds;
    private final RegistryApi registry;

    /**
     * @param token    null when the admin surface is off
     * @param registry null when worlds cannot be made at runtime
     */
    AdminApi(String token, WorldSupervisor worlds, RegistryApi registry) {
        this.token = token;
        this.worlds = worlds;
        this.registry = registry;
    }

    boolean enabled() {
        return token != null;
    }

    void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!enabled()) {
            HttpResponses.notFound(ctx, request);
            return;
        }
        String header = request.headers().get(HttpHeaderNames.AUTHORIZATION);
        if (header == null || !header.startsWith(BEARER)
                || !Secrets.constantTimeEquals(header.substring(BEARER.length()), token)) {
            HttpResponses.send(ctx, request, HttpResponseStatus.UNAUTHORIZED, HttpResponses.JSON,
                    "{\"error\":\"an admin token is required (Authorization: Bearer …)\"}");
            return;
        }
        List<String> parts = segments(request.uri());
        HttpMethod method = request.method();
        if (parts.equals(List.of("worlds")) && ApiHandler.readsOnly(request)) {
            HttpResponses.send(ctx, request, HttpResponseStatus.OK, HttpResponses.JSON,
                    worldsJson(worlds.views(), System.currentTimeMillis()));
        } else if (parts.size() == 3 && parts.get(0).equals("worlds") && parts.get(2).equals("stop")
                && HttpMethod.POST.equals(method)) {
            stop(ctx, request, parts.get(1));
        } else if (parts.size() == 3 && parts.get(0).equals("worlds") && parts.get(2).equals("clear")
                && HttpMethod.POST.equals(method)) {
            clear(ctx, request, parts.get(1));
        } else if (registry == null || !registry.handle(ctx, request, parts)) {
            // An API client reads every answer of this surface as JSON, a wrong path's too.
            HttpResponses.send(ctx, request, HttpResponseStatus.NOT_FOUND, HttpResponses.JSON,
                    "{\"error\":\"no such admin endpoint or method\"}");
        }
    }

    /**
     * The path after {@link #PREFIX}, split on its slashes before each part is percent-decoded: an id holding an
     * encoded slash is one (invalid) id, never two parts of another route.
     */
    static List<String> segments(String uri) {
        String raw = new QueryStringDecoder(uri).rawPath().substring(PREFIX.length());
        List<String> parts = new ArrayList<>();
        try {
            for (String part : raw.split("/", -1)) {
                parts.add(QueryStringDecoder.decodeComponent(part));
            }
        } catch (IllegalArgumentException e) {
            return List.of(); // a malformed escape (%zz): no route
        }
        return parts;
    }

    private void stop(ChannelHandlerContext ctx, FullHttpRequest request, String worldId) {
        if (!Names.isWorldId(worldId) || !worlds.exists(worldId)) {
            HttpResponses.send(ctx, request, HttpResponseStatus.NOT_FOUND, HttpResponses.JSON,
                    "{\"error\":\"no such world\"}");
        } else if (!worlds.stop(worldId, "stopped by an operator")) {
            HttpResponses.send(ctx, request, HttpResponseStatus.CONFLICT, HttpResponses.JSON,
                    "{\"error\":\"the world is not running\"}");
        } else {
            HttpResponses.send(ctx, request, HttpResponseStatus.ACCEPTED, HttpResponses.JSON,
                    "{\"status\":\"stopping\"}");
        }
    }

    private void clear(ChannelHandlerContext ctx, FullHttpRequest request, String worldId) {
        if (!Names.isWorldId(worldId) || !worlds.exists(worldId)) {
            HttpResponses.send(ctx, request, HttpResponseStatus.NOT_FOUND, HttpResponses.JSON,
                    "{\"error\":\"no such world\"}");
        } else if (!worlds.clearFailure(worldId)) {
            HttpResponses.send(ctx, request, HttpResponseStatus.CONFLICT, HttpResponses.JSON,
                    "{\"error\":\"the world has not failed\"}");
        } else {
            HttpResponses.send(ctx, request, HttpResponseStatus.OK, HttpResponses.JSON,
                    "{\"status\":\"stopped\"}");
        }
    }

    static String worldsJson(List<WorldView> views, long nowMillis) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (WorldView w : views) {
            ObjectNode o = array.addObject()
                    .put("worldId", w.worldId())
                    .put("name", w.name())
                    .put("status", w.status().wireName())
                    .put("players", w.players())
                    .put("lastSnapshotSeq", w.lastSnapshotSeq())
                    .put("failure", w.failure());
            putNullable(o, "pid", w.pid());
            putNullable(o, "gamePort", w.gamePort() == null ? null : w.gamePort().longValue());
            if (w.lastStatus() != null && w.status() == WorldStatus.RUNNING) {
                o.put("tick", w.lastStatus().tick())
                        .put("tickP50", w.lastStatus().tickP50())
                        .put("tickP99", w.lastStatus().tickP99())
                        .put("tickMax", w.lastStatus().tickMax())
                        .put("overruns", w.lastStatus().overruns());
            } else {
                o.putNull("tick").putNull("tickP50").putNull("tickP99").putNull("tickMax").putNull("overruns");
            }
            if (w.lastSnapshotAtMillis() > 0) {
                o.put("lastSnapshotAgeSeconds", (nowMillis - w.lastSnapshotAtMillis()) / 1000.0);
            } else {
                o.putNull("lastSnapshotAgeSeconds");
            }
        }
        return Json.MAPPER.writeValueAsString(array);
    }

    private static void putNullable(ObjectNode o, String field, Long value) {
        if (value == null) {
            o.putNull(field);
        } else {
            o.put(field, value);
        }
    }
}
