package lor.director.http;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import lor.director.db.DataAccessException;
import lor.director.registry.RegistryException;
import lor.director.registry.TemplateRepository.TemplateRecord;
import lor.director.registry.WorldRegistry;
import lor.protocol.Json;
import lor.protocol.netty.HttpResponses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The admin API's worlds and templates made at runtime (after {@link AdminApi} checked the token):
 * <pre>
 * POST   /api/admin/worlds                         create a world: {"worldId", "name", "settings"} → 201
 * PATCH  /api/admin/worlds/{id}                    change name and settings (merge patch) → 200
 * DELETE /api/admin/worlds/{id}                    remove a stopped world and its snapshots → 200
 * GET    /api/admin/templates                      every template with its instances
 * POST   /api/admin/templates                      create a template: {"templateId", "name", "settings"} → 201
 * PATCH  /api/admin/templates/{id}                 change a template → 200
 * DELETE /api/admin/templates/{id}                 remove a template without instances → 200
 * POST   /api/admin/templates/{id}/instances       make its next numbered instance → 201
 * GET    /api/admin/content                        the maps and content packs settings may name
 * </pre>
 * Refusals answer 400, 404 or 409 with {@code {"error": "…"}}; the database away answers 503. The work runs on the
 * blocking executor; the connection reads nothing more until the answer is written, so answers keep their order.
 */
final class RegistryApi {

    private static final Logger LOG = LoggerFactory.getLogger(RegistryApi.class);

    private final WorldRegistry registry;
    private final Executor blocking;

    RegistryApi(WorldRegistry registry, Executor blocking) {
        this.registry = registry;
        this.blocking = blocking;
    }

    /**
     * @param path the parts of the path after {@code /api/admin/}, each percent-decoded
     * @return false when the path and the method are not one of these
     */
    boolean handle(ChannelHandlerContext ctx, FullHttpRequest request, List<String> path) {
        HttpMethod method = request.method();
        String[] parts = path.toArray(String[]::new);
        String body = request.content().toString(StandardCharsets.UTF_8);
        String by = "operator at " + address(ctx.channel().remoteAddress());
        if (parts.length == 1 && parts[0].equals("worlds") && HttpMethod.POST.equals(method)) {
            answer(ctx, request, HttpResponseStatus.CREATED, () -> world(registry.createWorld(body, by)));
        } else if (parts.length == 2 && parts[0].equals("worlds") && HttpMethod.PATCH.equals(method)) {
            answer(ctx, request, HttpResponseStatus.OK, () -> world(registry.changeWorld(parts[1], body, by)));
        } else if (parts.length == 2 && parts[0].equals("worlds") && HttpMethod.DELETE.equals(method)) {
            answer(ctx, request, HttpResponseStatus.OK, () -> {
                registry.removeWorld(parts[1], by);
                return JsonNodeFactory.instance.objectNode().put("removed", parts[1]);
            });
        } else if (parts.length == 1 && parts[0].equals("templates") && ApiHandler.readsOnly(request)) {
            answer(ctx, request, HttpResponseStatus.OK, () -> {
                ArrayNode array = JsonNodeFactory.instance.arrayNode();
                registry.templates().forEach(t -> array.add(template(t)));
                return array;
            });
        } else if (parts.length == 1 && parts[0].equals("templates") && HttpMethod.POST.equals(method)) {
            answer(ctx, request, HttpResponseStatus.CREATED, () -> template(registry.createTemplate(body, by)));
        } else if (parts.length == 2 && parts[0].equals("templates") && HttpMethod.PATCH.equals(method)) {
            answer(ctx, request, HttpResponseStatus.OK, () -> template(registry.changeTemplate(parts[1], body, by)));
        } else if (parts.length == 2 && parts[0].equals("templates") && HttpMethod.DELETE.equals(method)) {
            answer(ctx, request, HttpResponseStatus.OK, () -> {
                registry.removeTemplate(parts[1], by);
                return JsonNodeFactory.instance.objectNode().put("removed", parts[1]);
            });
        } else if (parts.length == 3 && parts[0].equals("templates") && parts[2].equals("instances")
                && HttpMethod.POST.equals(method)) {
            answer(ctx, request, HttpResponseStatus.CREATED, () -> world(registry.createInstance(parts[1], by)));
        } else if (parts.length == 1 && parts[0].equals("content") && ApiHandler.readsOnly(request)) {
            answer(ctx, request, HttpResponseStatus.OK, () -> {
                ObjectNode o = JsonNodeFactory.instance.objectNode();
                registry.content().maps().forEach(o.putArray("maps")::add);
                registry.content().packs().forEach(o.putArray("contentPacks")::add);
                return o;
            });
        } else {
            return false;
        }
        return true;
    }

    private void answer(ChannelHandlerContext ctx, FullHttpRequest request, HttpResponseStatus success,
                        Supplier<JsonNode> work) {
        FullHttpRequest retained = request.retain();
        ctx.channel().config().setAutoRead(false);
        CompletableFuture.supplyAsync(work, blocking)
                .handle((result, error) -> error == null
                        ? new Answer(success, Json.MAPPER.writeValueAsString(result))
                        : refusal(error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error))
                .thenAccept(answer -> ctx.executor().execute(() -> {
                    try {
                        HttpResponses.send(ctx, retained, answer.status, HttpResponses.JSON, answer.json);
                    } finally {
                        retained.release();
                        ctx.channel().config().setAutoRead(true);
                    }
                }));
    }

    private record Answer(HttpResponseStatus status, String json) {
    }

    private static Answer refusal(Throwable error) {
        if (error instanceof RegistryException e) {
            return new Answer(HttpResponseStatus.valueOf(e.kind().httpStatus), errorJson(e.getMessage()));
        }
        if (error instanceof DataAccessException e && e.databaseUnavailable()) {
            return new Answer(HttpResponseStatus.SERVICE_UNAVAILABLE,
                    errorJson("the database is unavailable; nothing was changed, try again"));
        }
        LOG.error("admin request failed", error);
        return new Answer(HttpResponseStatus.INTERNAL_SERVER_ERROR,
                errorJson("internal error; see the director's log"));
    }

    private static String errorJson(String message) {
        return Json.MAPPER.writeValueAsString(JsonNodeFactory.instance.objectNode().put("error", message));
    }

    private static ObjectNode world(WorldRegistry.Stored world) {
        ObjectNode o = JsonNodeFactory.instance.objectNode()
                .put("worldId", world.id())
                .put("name", world.name())
                .put("status", world.status().wireName());
        o.set("settings", world.settings());
        return o;
    }

    private static ObjectNode template(TemplateRecord t) {
        ObjectNode o = JsonNodeFactory.instance.objectNode()
                .put("templateId", t.templateId())
                .put("name", t.name());
        o.set("settings", Json.MAPPER.readTree(t.settingsJson()));
        t.instances().forEach(o.putArray("instances")::add);
        return o;
    }

    private static String address(SocketAddress address) {
        return address instanceof InetSocketAddress inet ? inet.getAddress().getHostAddress() : "an unknown address";
    }
}
