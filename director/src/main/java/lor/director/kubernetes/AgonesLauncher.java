package lor.director.kubernetes;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import lor.director.world.WorldSettings;
import lor.director.world.process.WorldArguments;
import lor.director.world.process.WorldLauncher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs world processes as Agones GameServers ({@code --launcher agones}): one GameServer per world (or warm spare),
 * its container the world-server image with the same arguments a local process gets, its secrets (spawn token,
 * ticket secret) in a Secret of its own that the container reads as environment variables and that Kubernetes
 * deletes with the GameServer. Agones picks the node and a host port; players connect to the GameServer's address
 * and that port ({@link GameServerProcess#publishedAddress}), over {@code wss} when the world is given the
 * certificate of a TLS Secret ({@link WorldTlsSecret}).
 */
public final class AgonesLauncher implements WorldLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(AgonesLauncher.class);

    static final ResourceDefinitionContext GAME_SERVERS = new ResourceDefinitionContext.Builder()
            .withGroup("agones.dev").withVersion("v1").withKind("GameServer").withPlural("gameservers")
            .withNamespaced(true).build();
    static final String GAME_PORT_NAME = "game";
    static final String WORLD_LABEL = "lor.io/world";
    static final String ROLE_LABEL = "lor.io/role";
    static final String SPAWN_TOKEN_KEY = "spawn-token";
    static final String TICKET_SECRET_KEY = "ticket-secret";
    /** Kubernetes names: at most 63 of [a-z0-9-]; a world id may hold '_' and be 32 long. */
    private static final int NAME_SUFFIX_LENGTH = 5;

    private final KubernetesClient client;
    private final AgonesSettings settings;
    private final WorldArguments arguments;
    private final GameServerTemplate template;
    /** The certificate worlds serve {@code wss} with; null for plain {@code ws}. */
    private final WorldTlsSecret tls;

    /**
     * @param arguments built for a pod: bind 0.0.0.0, the container port ({@link #containerPort}), the in-cluster
     *                  control URL
     * @throws IllegalArgumentException when the settings' template file cannot make a GameServer, naming the file
     */
    public AgonesLauncher(KubernetesClient client, AgonesSettings settings, WorldArguments arguments) {
        this.client = client;
        this.settings = settings;
        this.arguments = arguments;
        this.template = settings.template() == null ? GameServerTemplate.builtIn(AgonesSettings.DEFAULT_CONTAINER_PORT)
                : GameServerTemplate.read(settings.template());
        this.tls = settings.tls() ? new WorldTlsSecret(settings.tlsSecret()) : null;
    }

    /** The game port inside a world's container, as the GameServer template names it. */
    public static int containerPort(AgonesSettings settings) {
        return settings.template() == null ? AgonesSettings.DEFAULT_CONTAINER_PORT
                : GameServerTemplate.read(settings.template()).containerPort();
    }

    @Override
    public Process launch(String worldId, WorldSettings world, String spawnToken, String ticketSecret)
            throws IOException {
        Map<String, String> secrets = new LinkedHashMap<>();
        secrets.put(SPAWN_TOKEN_KEY, spawnToken);
        secrets.put(TICKET_SECRET_KEY, ticketSecret);
        return create("world", worldId, underAgones(arguments.world(worldId, world)), secrets);
    }

    @Override
    public Process launchSpare(String spawnToken) throws IOException {
        return create("spare", "spare", underAgones(arguments.spare()), Map.of(SPAWN_TOKEN_KEY, spawnToken));
    }

    /**
     * The world server reports Ready, Health and Shutdown to its pod's Agones sidecar only when told to; it serves
     * {@code wss} with the files of the mounted TLS Secret. A spare needs them too: it binds its game port at start.
     */
    private List<String> underAgones(List<String> args) {
        List<String> all = new ArrayList<>(args);
        if (tls != null) {
            all.addAll(tls.arguments());
        }
        all.add("--agones");
        return all;
    }

    @Override
    public long snapshotIntervalMs() {
        return arguments.snapshotIntervalMs();
    }

    @Override
    public boolean localProcesses() {
        return false;
    }

    /**
     * The Secret first (the pod reads it when its container starts), then the GameServer, then the Secret made the
     * GameServer's, so that deleting the GameServer deletes it. A failure on the way takes back what was made.
     */
    private Process create(String role, String worldId, List<String> args, Map<String, String> secrets)
            throws IOException {
        String name = name(worldId);
        if (tls != null) {
            tls.check(client, settings.namespace());
        }
        Secret secret = new SecretBuilder()
                .withMetadata(meta(name, role, worldId))
                .withStringData(secrets)
                .build();
        try {
            client.secrets().inNamespace(settings.namespace()).resource(secret).create();
        } catch (KubernetesClientException e) {
            throw new IOException("cannot create Secret " + settings.namespace() + "/" + name + ": " + reason(e), e);
        }
        Resource<GenericKubernetesResource> resource = client.genericKubernetesResources(GAME_SERVERS)
                .inNamespace(settings.namespace()).withName(name);
        GenericKubernetesResource created;
        try {
            Map<String, String> env = new LinkedHashMap<>();
            secrets.keySet().forEach(key -> env.put(envName(key), key));
            created = client.genericKubernetesResources(GAME_SERVERS).inNamespace(settings.namespace())
                    .resource(template.make(meta(name, role, worldId), settings.image(), args, name, env, tls))
                    .create();
        } catch (KubernetesClientException e) {
            deleteSecret(name);
            throw new IOException("cannot create GameServer " + settings.namespace() + "/" + name + ": " + reason(e),
                    e);
        }
        try {
            client.secrets().inNamespace(settings.namespace()).withName(name).edit(s -> {
                s.getMetadata().setOwnerReferences(List.of(new OwnerReferenceBuilder()
                        .withApiVersion("agones.dev/v1").withKind("GameServer").withName(name)
                        .withUid(created.getMetadata().getUid()).build()));
                return s;
            });
        } catch (KubernetesClientException e) {
            LOG.warn("Secret {}/{} is not owned by its GameServer ({}): delete it by hand once the world is gone",
                    settings.namespace(), name, reason(e));
        }
        LOG.info("created GameServer {}/{} for {} {}", settings.namespace(), name, role, worldId);
        return new GameServerProcess(settings.namespace(), created, resource);
    }

    private static ObjectMeta meta(String name, String role, String worldId) {
        return new ObjectMetaBuilder().withName(name).withLabels(labels(role, worldId)).build();
    }

    private static Map<String, String> labels(String role, String worldId) {
        return Map.of("app.kubernetes.io/name", "lor-world", ROLE_LABEL, role, WORLD_LABEL, label(worldId));
    }

    /** {@code LOR_SPAWN_TOKEN} for {@code spawn-token}: the variables the world server reads. */
    static String envName(String key) {
        return "LOR_" + key.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /** {@code lor-WORLD-xxxxx}: the world's id made a Kubernetes name, and a random suffix (one per spawn). */
    static String name(String worldId) {
        StringBuilder suffix = new StringBuilder();
        for (int i = 0; i < NAME_SUFFIX_LENGTH; i++) {
            suffix.append("bcdfghjklmnpqrstvwxz2456789".charAt(ThreadLocalRandom.current().nextInt(27)));
        }
        return "lor-" + label(worldId) + "-" + suffix;
    }

    private static String label(String worldId) {
        return worldId.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private void deleteSecret(String name) {
        try {
            client.secrets().inNamespace(settings.namespace()).withName(name).delete();
        } catch (KubernetesClientException e) {
            LOG.warn("cannot delete Secret {}/{}: {}", settings.namespace(), name, reason(e));
        }
    }

    /** The API server's message, without the request it quotes. */
    private static String reason(KubernetesClientException e) {
        return e.getStatus() != null && e.getStatus().getMessage() != null
                ? "HTTP " + e.getCode() + " " + e.getStatus().getMessage() : "HTTP " + e.getCode();
    }
}
