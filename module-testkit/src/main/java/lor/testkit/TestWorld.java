package lor.testkit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;
import lor.sim.module.AttributeSpec;
import lor.sim.module.CellSpec;
import lor.sim.module.CheckedAct;
import lor.sim.module.WorldModules;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.EntityKind;
import lor.sim.world.TickEvents;
import lor.sim.world.World;

/**
 * One world run as a world server runs it, stepped by hand: made from a content pack, a map drawn in text and the
 * game modules under test ({@link #builder()}); players join by name, send actions checked as the server checks an
 * {@code act} frame, and move; {@link #step()} runs one tick; the state is read back by name (attributes, field cells,
 * inventories, positions) along with what became of each intent ({@link TestPlayer#outcome()}).
 *
 * <p>Nothing here depends on a test framework: reads return values, and a misuse (an unknown name, a second intent in
 * one tick) throws {@link IllegalArgumentException} or {@link IllegalStateException} saying what is wrong.
 */
public final class TestWorld {

    private final WorldParts parts;
    private final World world;
    /** Account ids by player name, in first-join order; kept across a restart, as a director keeps accounts. */
    private final Map<String, Long> accounts;
    private final Map<String, TestPlayer> players = new LinkedHashMap<>();
    /** The intents handed to the coming tick, by entity id: what each player's outcome will be about. */
    private final Map<Integer, Sent> sent = new LinkedHashMap<>();
    /** Intents refused before the tick (as the server's event loop refuses them), answered at the tick. */
    private final List<Outcome> refusedEarly = new ArrayList<>();
    private final Map<String, Outcome> outcomes = new LinkedHashMap<>();

    private record Sent(String player, String intent) {
    }

    TestWorld(WorldParts parts, World world, Map<String, Long> accounts) {
        this.parts = parts;
        this.world = world;
        this.accounts = accounts;
        for (String name : accounts.keySet()) {
            players.put(name, new TestPlayer(this, name, accounts.get(name)));
        }
    }

    public static TestWorldBuilder builder() {
        return new TestWorldBuilder();
    }

    // ---- players ------------------------------------------------------------------------------------------------

    /**
     * Puts the player into the world, as a join does: at the free cell nearest to where it left, or to the spawn. A
     * name seen before is the same account, with what it carries and its modules' values.
     *
     * @throws IllegalStateException when no free cell is left
     */
    public TestPlayer join(String name) {
        long account = accounts.computeIfAbsent(name, n -> (long) accounts.size() + 1);
        TestPlayer player = players.computeIfAbsent(name, n -> new TestPlayer(this, n, account));
        if (world.spawnPlayer(account) == 0) {
            throw new IllegalStateException("no free cell left for " + name);
        }
        return player;
    }

    /** Takes the player out, as a disconnection does; its module values wait for it to come back. */
    public void leave(String name) {
        requireNoIntent(player(name));
        world.removePlayer(player(name).accountId());
    }

    /** A player that has joined this world (online or not). */
    public TestPlayer player(String name) {
        TestPlayer player = players.get(name);
        if (player == null) {
            throw new IllegalArgumentException("no player " + name + " has joined; players: " + players.keySet());
        }
        return player;
    }

    /** The players in the world now, in first-join order. */
    public List<TestPlayer> online() {
        List<TestPlayer> online = new ArrayList<>();
        for (TestPlayer player : players.values()) {
            if (player.online()) {
                online.add(player);
            }
        }
        return online;
    }

    // ---- the tick -----------------------------------------------------------------------------------------------

    /** Runs one tick: every intent sent since the last step, then movement, objects, the modules' wakes, the clock. */
    public TestWorld step() {
        world.step();
        long ran = world.tick() - 1;
        outcomes.clear();
        for (Outcome early : refusedEarly) {
            outcomes.put(early.player(), new Outcome(early.player(), ran, early.intent(), early.reason()));
        }
        TickEvents events = world.events();
        for (int i = 0; i < events.count(); i++) {
            Sent intent = sent.get(events.entityId(i));
            if (intent != null) {
                outcomes.put(intent.player(), new Outcome(intent.player(), ran, intent.intent(), events.reason(i)));
            }
        }
        sent.clear();
        refusedEarly.clear();
        return this;
    }

    public TestWorld step(int ticks) {
        for (int i = 0; i < ticks; i++) {
            step();
        }
        return this;
    }

    /** The number of ticks run: the tick the next {@link #step()} runs. */
    public long tick() {
        return world.tick();
    }

    /** What became of each intent of the last tick, by player name in the order the tick ran them. */
    public Collection<Outcome> outcomes() {
        return List.copyOf(outcomes.values());
    }

    // ---- reading the state --------------------------------------------------------------------------------------

    /** sim-core's hash of the whole state (modules' fields, attributes, data, NPCs and wakes included). */
    public long stateHash() {
        return world.stateHash();
    }

    /** The value of a module's field at a cell of layer 0: 0 for an empty cell. */
    public int cell(String module, int x, int y) {
        return cell(module, x, y, 0);
    }

    public int cell(String module, int x, int y, int layer) {
        if (!world.grid().size().contains(x, y, layer)) {
            throw new IllegalArgumentException("(" + x + ", " + y + ", " + layer + ") is off the "
                    + world.grid().width() + " x " + world.grid().height() + " map");
        }
        return world.moduleField(moduleIndex(module)).get(x, y, layer);
    }

    /** The declared name of a module's value at a cell of layer 0 ({@code "fire"}), or null for an empty cell. */
    public String cellName(String module, int x, int y) {
        int value = cell(module, x, y);
        if (value == 0) {
            return null;
        }
        CellSpec spec = world.modules().spec(moduleIndex(module)).cell(value);
        return spec == null ? "#" + value : spec.name();
    }

    /** Every entity in the world, players and NPCs, by ascending id. */
    public List<Entity> entities() {
        List<Entity> entities = new ArrayList<>();
        for (int slot = 0; slot < world.slotCount(); slot++) {
            if (world.isLive(slot)) {
                boolean isPlayer = world.kindAt(slot) == EntityKind.PLAYER;
                entities.add(new Entity(world.idAt(slot), isPlayer, isPlayer ? nameOf(world.accountAt(slot)) : null,
                        world.xAt(slot), world.yAt(slot), world.layerAt(slot)));
            }
        }
        entities.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return entities;
    }

    /** An attribute of any entity (a player's or an NPC's), by the name its module declares. */
    public int attribute(int entityId, String name) {
        int slot = world.slotOf(entityId);
        if (slot < 0) {
            throw new IllegalArgumentException("no entity " + entityId + " in the world");
        }
        return world.attributeAt(slot, attributeIndex(name));
    }

    /** The world itself, for what this kit does not read: its grid, objects, module statistics. */
    public World world() {
        return world;
    }

    public ContentPack pack() {
        return parts.pack();
    }

    public WorldModules modules() {
        return world.modules();
    }

    // ---- restarts -----------------------------------------------------------------------------------------------

    /**
     * This world as a world server would go on with it after a restart: the players online leave, the state goes
     * through a snapshot into a new world with its modules' rules made afresh, and the players join again (in
     * first-join order). A module that keeps state outside the world (in a field of its rules) loses it here, as it
     * would on a server. Compare with {@link #rejoinAll()} on a twin world, which does the same without the restart.
     * This world is left without its players: go on with the one returned.
     */
    public TestWorld restarted() {
        List<TestPlayer> back = online();
        for (TestPlayer player : back) {
            leave(player.name());
        }
        World restored = World.restore(parts.grid(), parts.pack(), parts.resolveModules(), world.snapshot(),
                parts.seed(), ObjectEngine.NO_BLOCKS);
        TestWorld next = new TestWorld(parts, restored, accounts);
        for (TestPlayer player : back) {
            next.join(player.name());
        }
        return next;
    }

    /** The players online leave and join again, in first-join order: {@link #restarted()} without the restart. */
    public TestWorld rejoinAll() {
        List<TestPlayer> back = online();
        for (TestPlayer player : back) {
            leave(player.name());
        }
        for (TestPlayer player : back) {
            join(player.name());
        }
        return this;
    }

    // ---- what players do, through TestPlayer --------------------------------------------------------------------

    void act(TestPlayer player, String action, Map<String, ?> fields) {
        int entity = requireNoIntent(player);
        String intent = "act " + action;
        CheckedAct checked = CheckedAct.of(action, fields, world.modules(), parts.pack());
        if (checked.refusal() != null) {
            refusedEarly.add(new Outcome(player.name(), world.tick(), intent, checked.refusal()));
            sent.put(entity, null);
            return;
        }
        if (!world.setModuleAction(entity, checked.action(), checked.fields())) {
            throw new IllegalStateException(player.name() + " cannot act now");
        }
        sent.put(entity, new Sent(player.name(), intent));
    }

    void move(TestPlayer player, Direction direction) {
        int entity = requireNoIntent(player);
        if (!world.setIntent(entity, direction)) {
            throw new IllegalStateException(player.name() + " cannot move now");
        }
        sent.put(entity, new Sent(player.name(), "move " + direction));
    }

    Outcome outcome(String name) {
        return outcomes.get(name);
    }

    /** The player's slot in the world's tables, or -1 when it is not in the world. */
    int slotOf(TestPlayer player) {
        int entity = world.entityOf(player.accountId());
        return entity == 0 ? -1 : world.slotOf(entity);
    }

    int attributeIndex(String name) {
        int index = world.modules().attributeIndex(name);
        if (index < 0) {
            throw new IllegalArgumentException("no module of this world declares the attribute " + name
                    + "; they declare " + world.modules().attributes().stream().map(AttributeSpec::name).toList());
        }
        return index;
    }

    int carried(TestPlayer player, String item) {
        int index = parts.pack().itemIndex(item);
        if (index < 0) {
            throw new IllegalArgumentException("the pack " + parts.pack().name() + " has no item " + item);
        }
        // Read without creating it: a read must not change the state the determinism check hashes.
        Inventories.Inventory inventory = world.inventories().find(player.accountId());
        return inventory == null ? parts.pack().startCount(index) : inventory.count(index);
    }

    private int requireNoIntent(TestPlayer player) {
        int entity = world.entityOf(player.accountId());
        if (entity == 0) {
            throw new IllegalStateException(player.name() + " is not in the world");
        }
        if (sent.containsKey(entity)) {
            throw new IllegalStateException(player.name() + " already has an intent for tick " + world.tick()
                    + " (one a tick, as on a server): step first");
        }
        return entity;
    }

    private int moduleIndex(String module) {
        int index = world.modules().indexOf(module);
        if (index < 0) {
            throw new IllegalArgumentException("this world runs no module " + module + "; it runs "
                    + world.modules().specs().stream().map(s -> s.name()).toList());
        }
        return index;
    }

    private String nameOf(long account) {
        for (Map.Entry<String, Long> e : accounts.entrySet()) {
            if (e.getValue() == account) {
                return e.getKey();
            }
        }
        return null;
    }
}
