package lor.director.kubernetes;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import lor.director.world.process.PublishedEndpoint;
import lor.director.world.process.UnpipedProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A world process that is an Agones GameServer, seen as a {@link Process}: alive until the GameServer is shut down,
 * found unhealthy or in error, or deleted; {@link #destroy} deletes it gracefully (its pod gets SIGTERM, which the
 * world server takes as a stop), {@link #destroyForcibly} at once. The exit value is what the director's judgement
 * of exits expects of a local process: 0 for a clean end (the world told Agones to shut down after its final
 * snapshot, or it was deleted because the director asked it to stop), 137 killed, 143 deleted by someone else, 1
 * unhealthy or in error. The address players connect to is the GameServer's node address and allocated host port.
 */
final class GameServerProcess extends UnpipedProcess implements PublishedEndpoint {

    private static final Logger LOG = LoggerFactory.getLogger(GameServerProcess.class);

    static final int CLEAN = 0;
    static final int FAILED = 1;
    static final int KILLED = 137;
    static final int DELETED_BY_OTHERS = 143;

    private final String namespace;
    private final String name;
    private final Resource<GenericKubernetesResource> resource;
    private final CompletableFuture<Process> exit = new CompletableFuture<>();
    /** Set once {@code inform} returns; an event may arrive before that. */
    private volatile SharedIndexInformer<GenericKubernetesResource> informer;
    private volatile GenericKubernetesResource latest;
    private volatile int exitValue = -1;
    /** What a deletion seen later means: asked for by the director gracefully, forcibly, or by no one here. */
    private volatile int deletionMeans = DELETED_BY_OTHERS;

    GameServerProcess(String namespace, GenericKubernetesResource created,
            Resource<GenericKubernetesResource> resource) {
        this.namespace = namespace;
        this.name = created.getMetadata().getName();
        this.resource = resource;
        this.latest = created;
        this.informer = resource.inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(GenericKubernetesResource gs) {
                seen(gs);
            }

            @Override
            public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource gs) {
                seen(gs);
            }

            @Override
            public void onDelete(GenericKubernetesResource gs, boolean finalStateUnknown) {
                end(deletionMeans, "deleted", false);
            }
        });
        if (exit.isDone()) {
            stopInformer();
        }
    }

    private void seen(GenericKubernetesResource gs) {
        latest = gs;
        String state = stateOf(gs);
        switch (state == null ? "" : state) {
            case "Shutdown" -> end(CLEAN, "shut down", false);
            // Agones deletes an unhealthy GameServer itself; one in error would stay, holding its node port.
            case "Unhealthy", "Error" -> end(FAILED, state.toLowerCase(Locale.ROOT), true);
            default -> { }
        }
    }

    /**
     * Ends the process once. The informer's own thread calls this: what the exit sets off (the supervisor's
     * bookkeeping, API calls) runs on another, so the informer is never held up or stopped from inside itself.
     *
     * @param delete whether to delete the GameServer too: before the informer stops, since ending a watch may hold
     *               up the API server's next answers (fabric8's mock server blocks on it) and nothing should wait
     * @return false when it had ended already
     */
    private synchronized boolean end(int value, String why, boolean delete) {
        if (exitValue != -1) {
            return false;
        }
        exitValue = value;
        LOG.info("GameServer {}/{} {} (exit value {})", namespace, name, why, value);
        CompletableFuture.runAsync(() -> {
            if (delete) {
                deleteQuietly(false);
            }
            exit.complete(this);
            stopInformer();
        });
        return true;
    }

    private void stopInformer() {
        SharedIndexInformer<GenericKubernetesResource> watching = informer;
        if (watching != null) {
            watching.stop();
        }
    }

    static String stateOf(GenericKubernetesResource gs) {
        Object state = gs.get("status", "state");
        return state instanceof String s ? s : null;
    }

    String name() {
        return name;
    }

    @Override
    public Address publishedAddress() {
        GenericKubernetesResource gs = latest;
        Object address = gs.get("status", "address");
        Object ports = gs.get("status", "ports");
        if (!(address instanceof String host) || host.isEmpty() || !(ports instanceof List<?> list)) {
            return null;
        }
        for (Object port : list) {
            if (port instanceof Map<?, ?> p && AgonesLauncher.GAME_PORT_NAME.equals(p.get("name"))
                    && p.get("port") instanceof Number n) {
                return new Address(host, n.intValue());
            }
        }
        return null;
    }

    @Override
    public void destroy() {
        deletionMeans = CLEAN;
        deleteQuietly(false);
    }

    @Override
    public Process destroyForcibly() {
        deletionMeans = KILLED;
        deleteQuietly(true);
        return this;
    }

    private void deleteQuietly(boolean now) {
        try {
            if (now) {
                resource.withGracePeriod(0).delete();
            } else {
                resource.delete();
            }
        } catch (KubernetesClientException e) {
            LOG.warn("cannot delete GameServer {}/{}: {}", namespace, name, e.getMessage());
        }
    }

    @Override
    public boolean isAlive() {
        return !exit.isDone();
    }

    @Override
    public int exitValue() {
        if (!exit.isDone()) {
            throw new IllegalThreadStateException("GameServer " + name + " has not ended");
        }
        return exitValue;
    }

    @Override
    public int waitFor() throws InterruptedException {
        try {
            exit.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
        return exitValue;
    }

    @Override
    public CompletableFuture<Process> onExit() {
        return exit;
    }

    /** Known only once the world registers (it says its pid): a process of another host. */
    @Override
    public long pid() {
        return 0;
    }

    @Override
    public String toString() {
        return "GameServer " + namespace + "/" + name;
    }
}
