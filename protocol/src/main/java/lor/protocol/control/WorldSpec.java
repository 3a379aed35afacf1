package lor.protocol.control;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

import lor.protocol.ErrorCode;
import lor.protocol.Fields;
import lor.protocol.Names;
import lor.protocol.ProtocolException;
import lor.protocol.options.Option;
import lor.protocol.options.OptionValues;
import lor.protocol.options.Readers;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which world a world process serves and the settings it is built with, whichever way it gets them: a spawned world
 * on its command line ({@link #toArguments}, read back by the world server with {@link #from(OptionValues)}), a warm
 * spare in {@code world_assign} ({@link #writeSettings}, {@link #read}). Both encodings come from one declaration per
 * setting in {@link #SETTINGS}: its {@code world_assign} key, its command-line option (with its default, its check
 * and its help line) and its JSON form. A setting whose default is null is optional: left out of both encodings when
 * unset. The values are checked where a world reads them, as its command line ({@link #from(OptionValues)}).
 *
 * <p>Adding a setting: a record component, its {@link Setting} in {@link #SETTINGS}, and its line in
 * {@link #build}; {@code WorldSpecTest} round-trips it through both paths.
 *
 * @param seedObjects null for none
 * @param spawn       {@code nearest} or {@code hashed}
 */
public record WorldSpec(String worldId, String map, String content, ObjectSeed seedObjects, int npcs,
                        int viewRadius, String spawn, long snapshotIntervalMs) {

    /** {@code nearest} or {@code hashed}; a class, not a lambda: see {@link Readers}. */
    private static final Option.Reader<String> SPAWN_RULE = new Option.Reader<>() {
        @Override
        public String read(String option, String text) {
            if (!text.equals("nearest") && !text.equals("hashed")) {
                throw new IllegalArgumentException(option + " must be nearest or hashed");
            }
            return text;
        }
    };

    private static final SeedForm SEED = new SeedForm();

    /** One day: the longest interval or timeout a world accepts, far from any overflow in tick arithmetic. */
    public static final long MAX_INTERVAL_MS = 86_400_000L;

    /** The world's id: required on the command line ({@code --world-id}); {@code world_assign}'s {@code worldId}. */
    public static final Option<String> WORLD_ID = Option.text("--world-id", "ID")
            .help("the world this process serves: 1-32 of [a-z0-9_-]");

    public static final Setting<String> MAP = new Setting<>("map", Option.of("--map", "NAME", Readers.CONTENT_NAME)
            .help("load maps/NAME.map shipped in this jar (default: an open floor of --grid)"),
            Form.TEXT);
    public static final Setting<String> CONTENT = new Setting<>("content",
            Option.of("--content", "NAME", Readers.CONTENT_NAME)
                    .help("the content pack the world plays (default: none, no objects)"),
            Form.TEXT);
    public static final Setting<ObjectSeed> SEED_OBJECTS = new Setting<>("seedObjects",
            Option.of("--seed-objects", "K:N:L", SEED)
                    .help("create the world with N objects of the pack's kind K on the free floor cells from layer L "
                            + "on (first hydration only; snapshots keep them after)"),
            SEED);
    public static final Setting<Integer> NPCS = new Setting<>("npcs",
            Option.of("--npcs", "N", Readers.intIn(0, 1_000_000)).defaultValue(0).help("wandering NPCs"),
            Form.INT);
    public static final Setting<Integer> VIEW_RADIUS = new Setting<>("viewRadius",
            Option.of("--view-radius", "N", Readers.intIn(1, 256)).defaultValue(24)
                    .help("cells a player sees in each direction"),
            Form.INT);
    public static final Setting<String> SPAWN = new Setting<>("spawn",
            Option.of("--spawn", "nearest|hashed", SPAWN_RULE).defaultValue("nearest")
                    .help("where new players appear: nearest the map's spawn point, or by the bench rule (hashed by "
                            + "join order, then the next free cell)"),
            Form.TEXT);
    public static final Setting<Long> SNAPSHOT_INTERVAL_MS = new Setting<>("snapshotIntervalMs",
            Option.of("--snapshot-interval-ms", "N", Readers.longIn(100, MAX_INTERVAL_MS)).defaultValue(30_000L)
                    .help("time between periodic snapshots"),
            Form.LONG);

    /** Every setting, in the order both encodings list them. */
    public static final List<Setting<?>> SETTINGS = List.of(MAP, CONTENT, SEED_OBJECTS, NPCS, VIEW_RADIUS, SPAWN,
            SNAPSHOT_INTERVAL_MS);

    /** The command-line options of a world's id and settings, for the world server's option set. */
    public static List<Option<?>> options() {
        List<Option<?>> options = new ArrayList<>();
        options.add(WORLD_ID);
        for (Setting<?> setting : SETTINGS) {
            options.add(setting.option());
        }
        return options;
    }

    /** Where the values of {@link #build} come from. */
    private interface Source {
        <T> T value(Setting<T> setting) throws ProtocolException;
    }

    /** The one place that lists the record's settings in its constructor's order. */
    private static WorldSpec build(String worldId, Source source) throws ProtocolException {
        return new WorldSpec(worldId, source.value(MAP), source.value(CONTENT), source.value(SEED_OBJECTS),
                source.value(NPCS), source.value(VIEW_RADIUS), source.value(SPAWN),
                source.value(SNAPSHOT_INTERVAL_MS));
    }

    /**
     * The world's id and settings from its command line, each checked by its option.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    public static WorldSpec from(OptionValues values) {
        String worldId = values.get(WORLD_ID);
        if (worldId == null || !Names.isWorldId(worldId)) {
            throw new IllegalArgumentException(WORLD_ID.name() + " must be 1-32 of [a-z0-9_-]");
        }
        try {
            return build(worldId, new Source() {
                @Override
                public <T> T value(Setting<T> setting) {
                    return values.get(setting.option());
                }
            });
        } catch (ProtocolException e) {
            throw new IllegalStateException("options are not read from JSON", e);
        }
    }

    /** The world server's command-line arguments for this world: its id, then each setting that is set. */
    public List<String> toArguments() {
        List<String> args = new ArrayList<>(List.of(WORLD_ID.name(), worldId));
        for (Setting<?> setting : SETTINGS) {
            setting.addArgument(this, args);
        }
        return args;
    }

    /**
     * Writes every setting that is set as a JSON field; the {@code worldId} field is the message's to place (in
     * {@code world_assign}, before its ticket secret).
     */
    public void writeSettings(ObjectNode out) {
        for (Setting<?> setting : SETTINGS) {
            setting.write(this, out);
        }
    }

    /**
     * Reads {@code worldId} and what {@link #writeSettings} wrote: a setting with a default is required, one without
     * is optional. Values are checked for their JSON type here, for their range where the world reads them
     * ({@link #from}).
     */
    public static WorldSpec read(Fields in) throws ProtocolException {
        return build(in.string("worldId"), new Source() {
            @Override
            public <T> T value(Setting<T> setting) throws ProtocolException {
                return setting.read(in);
            }
        });
    }

    /** Every setting in its argument form, through the declarations: a record's own toString is bootstrapped
     * through method handles, which costs a cold world process milliseconds. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("worldId=").append(worldId);
        for (Setting<?> setting : SETTINGS) {
            out.append(", ").append(setting.key()).append('=').append(setting.shown(this));
        }
        return out.toString();
    }

    /**
     * One setting: its {@code world_assign} key, which is also the name of its record component, its command-line
     * option and how its value is written. The component's accessor is found by that name on first use (world
     * processes read settings only from their options, so their start links none of them).
     */
    public static final class Setting<T> {

        private final String key;
        private final Option<T> option;
        private final Form<T> form;
        private volatile Method accessor;

        Setting(String key, Option<T> option, Form<T> form) {
            this.key = key;
            this.option = option;
            this.form = form;
        }

        public String key() {
            return key;
        }

        public Option<T> option() {
            return option;
        }

        /** Whether the setting may be unset (null): one without a default. */
        public boolean optional() {
            return option.defaultValue() == null;
        }

        /** The setting's value in {@code spec}, or null when unset. */
        @SuppressWarnings("unchecked")
        public T valueIn(WorldSpec spec) {
            Method read = accessor;
            if (read == null) {
                read = accessorOf(key);
                accessor = read;
            }
            try {
                return (T) read.invoke(spec);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read setting " + key, e);
            }
        }

        void addArgument(WorldSpec spec, List<String> args) {
            T v = valueIn(spec);
            if (v != null) {
                args.add(option.name());
                args.add(form.argument(v));
            }
        }

        String shown(WorldSpec spec) {
            T v = valueIn(spec);
            return v == null ? "null" : form.argument(v);
        }

        void write(WorldSpec spec, ObjectNode out) {
            T v = valueIn(spec);
            if (v != null) {
                form.write(out, key, v);
            }
        }

        T read(Fields in) throws ProtocolException {
            return optional() && !in.has(key) ? null : form.read(in, key);
        }

        private static Method accessorOf(String key) {
            for (RecordComponent component : WorldSpec.class.getRecordComponents()) {
                if (component.getName().equals(key)) {
                    return component.getAccessor();
                }
            }
            throw new IllegalStateException("WorldSpec has no component " + key + " for its setting");
        }
    }

    /** How a setting's value is written: as a command-line argument and as a JSON field. */
    public interface Form<T> {
        String argument(T value);

        void write(ObjectNode out, String key, T value);

        T read(Fields in, String key) throws ProtocolException;

        Form<String> TEXT = new Form<>() {
            @Override
            public String argument(String value) {
                return value;
            }

            @Override
            public void write(ObjectNode out, String key, String value) {
                out.put(key, value);
            }

            @Override
            public String read(Fields in, String key) throws ProtocolException {
                return in.string(key);
            }
        };

        Form<Integer> INT = new Form<>() {
            @Override
            public String argument(Integer value) {
                return value.toString();
            }

            @Override
            public void write(ObjectNode out, String key, Integer value) {
                out.put(key, value.intValue());
            }

            @Override
            public Integer read(Fields in, String key) throws ProtocolException {
                return in.intValue(key);
            }
        };

        Form<Long> LONG = new Form<>() {
            @Override
            public String argument(Long value) {
                return value.toString();
            }

            @Override
            public void write(ObjectNode out, String key, Long value) {
                out.put(key, value.longValue());
            }

            @Override
            public Long read(Fields in, String key) throws ProtocolException {
                return in.longValue(key);
            }
        };
    }

    /** An {@link ObjectSeed} in its command-line form, {@code KIND:COUNT:LAYER}, in both encodings; also the
     * {@code --seed-objects} option's reader. */
    private static final class SeedForm implements Form<ObjectSeed>, Option.Reader<ObjectSeed> {
        @Override
        public String argument(ObjectSeed value) {
            return value.toArgument();
        }

        @Override
        public void write(ObjectNode out, String key, ObjectSeed value) {
            out.put(key, value.toArgument());
        }

        @Override
        public ObjectSeed read(Fields in, String key) throws ProtocolException {
            try {
                return ObjectSeed.parse(in.string(key));
            } catch (IllegalArgumentException e) {
                throw new ProtocolException(ErrorCode.BAD_REQUEST, key + ": " + e.getMessage(), null);
            }
        }

        @Override
        public ObjectSeed read(String option, String text) {
            return ObjectSeed.parse(text);
        }
    }
}
