package lor.sim.world;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lor.sim.module.AttributeSpec;
import lor.sim.module.CellSpec;
import lor.sim.module.ModuleField;
import lor.sim.module.ModuleSpec;
import lor.sim.module.WorldModules;
import lor.sim.util.IntList;

/**
 * A world's modules to and from a snapshot ({@link ModuleImage}, by name): each module's occupied field cells, its
 * NPCs and their values, every known account's values, its wakes and watches; and back, by name, so that a module
 * update that adds, drops or reorders attributes, data columns or cell values still hydrates (a dropped cell value
 * still on the field, or a module the pack no longer names, refuses to, naming it). Made for one call by
 * {@link ModuleHost}, which runs the modules.
 */
final class ModuleSnapshots {

    private final World world;
    private final ModuleHost host;
    private final WorldModules modules;

    ModuleSnapshots(World world, ModuleHost host) {
        this.world = world;
        this.host = host;
        this.modules = host.modules();
    }

    /**
     * What each module keeps, for a snapshot.
     *
     * @param accounts      every player the world knows
     * @param accountValues per account, every module's attributes then every module's data, in the world's order
     */
    List<ModuleImage> images(long[] accounts, int[][] accountValues) {
        EntityTable t = world.entities;
        long[] pending = host.wakes().sorted();
        List<ModuleImage> images = new ArrayList<>(modules.size());
        for (int m = 0; m < modules.size(); m++) {
            ModuleSpec spec = modules.spec(m);
            int attributes = spec.attributes().size();
            int data = spec.data().size();
            int attributeOffset = modules.attributeOffset(m);
            int dataOffset = modules.dataOffset(m);
            IntList npcs = new IntList(16);
            IntList npcValues = new IntList(16);
            for (int slot = 0; slot < t.count; slot++) {
                if (t.kind[slot] != 0 && t.owner[slot] == m + 1) {
                    npcs.add(t.id[slot]);
                    npcs.add(t.x[slot]);
                    npcs.add(t.y[slot]);
                    npcs.add(t.layer[slot]);
                    copy(t.attrs, slot * t.attributeCount + attributeOffset, attributes, npcValues);
                    copy(t.data, slot * t.dataCount + dataOffset, data, npcValues);
                }
            }
            IntList values = new IntList(16);
            for (int[] all : accountValues) {
                copy(all, attributeOffset, attributes, values);
                copy(all, t.attributeCount + dataOffset, data, values);
            }
            images.add(new ModuleImage(spec.name(), names(spec.attributes()), spec.data(), cellNames(spec),
                    occupiedCells(host.field(m)), npcs.toArray(), npcValues.toArray(), accounts.clone(),
                    values.toArray(), wakesOf(m, pending), host.watches().of(m)));
        }
        return images;
    }

    private static void copy(int[] from, int offset, int count, IntList to) {
        for (int i = 0; i < count; i++) {
            to.add(from[offset + i]);
        }
    }

    private static List<String> names(List<AttributeSpec> attributes) {
        List<String> names = new ArrayList<>(attributes.size());
        for (AttributeSpec attribute : attributes) {
            names.add(attribute.name());
        }
        return names;
    }

    private static List<String> cellNames(ModuleSpec spec) {
        int max = 0;
        for (CellSpec cell : spec.cells()) {
            max = Math.max(max, cell.value());
        }
        List<String> names = new ArrayList<>(max);
        for (int v = 1; v <= max; v++) {
            CellSpec cell = spec.cell(v);
            names.add(cell == null ? null : cell.name());
        }
        return names;
    }

    private int[] occupiedCells(ModuleField field) {
        IntList out = new IntList(field.occupied() * ModuleImage.CELL_INTS);
        int[] values = field.copyCells();
        int[] since = field.copySince();
        for (int cell = 0; cell < values.length; cell++) {
            if (values[cell] != 0) {
                out.add(cell);
                out.add(values[cell]);
                out.add(since[cell]);
            }
        }
        return out.toArray();
    }

    private static long[] wakesOf(int module, long[] pending) {
        int n = 0;
        for (int i = 0; i < pending.length; i += 2) {
            n += ModuleWakes.module(pending[i + 1]) == module ? 1 : 0;
        }
        long[] out = new long[n * ModuleImage.WAKE_LONGS];
        int k = 0;
        for (int i = 0; i < pending.length; i += 2) {
            if (ModuleWakes.module(pending[i + 1]) == module) {
                out[k++] = pending[i];
                out[k++] = ModuleWakes.key(pending[i + 1]);
                out[k++] = ModuleWakes.tag(pending[i + 1]);
            }
        }
        return out;
    }

    /**
     * Brings back what the snapshot's images hold; a module the snapshot has nothing of begins afresh.
     *
     * @param accountValues receives, per account, every module's values in the world's order (defaults where an
     *                      image has none)
     * @throws IllegalArgumentException naming the module: an image of a module this world does not run (its pack
     *                                  dropped it: hydrating would lose its state), or a cell value no longer declared
     */
    void restore(List<ModuleImage> images, Map<Long, int[]> accountValues, int[] defaults) {
        Map<String, ModuleImage> byName = new HashMap<>();
        for (ModuleImage image : images) {
            int m = modules.indexOf(image.module());
            if (m < 0) {
                throw new IllegalArgumentException("the snapshot holds the state of game module " + image.module()
                        + ", which this world's pack no longer names; hydrating would lose it (name the module in "
                        + "the pack again, or start the world afresh)");
            }
            byName.put(image.module(), image);
        }
        List<int[]> npcs = new ArrayList<>();
        // Per module: where each of its image's attribute and data columns goes now (computed once, used per NPC).
        int[][] attributeMaps = new int[modules.size()][];
        int[][] dataMaps = new int[modules.size()][];
        for (int m = 0; m < modules.size(); m++) {
            ModuleImage image = byName.get(modules.spec(m).name());
            if (image == null) {
                continue;
            }
            restoreField(m, image);
            int[] attributeMap = columnMap(image.attributes(), names(modules.spec(m).attributes()));
            int[] dataMap = columnMap(image.data(), modules.spec(m).data());
            attributeMaps[m] = attributeMap;
            dataMaps[m] = dataMap;
            int per = image.valuesPerEntity();
            for (int i = 0; i < image.npcs().length / ModuleImage.NPC_INTS; i++) {
                int base = i * ModuleImage.NPC_INTS;
                npcs.add(new int[] {image.npcs()[base], m, image.npcs()[base + 1], image.npcs()[base + 2],
                        image.npcs()[base + 3], i});
            }
            for (int a = 0; a < image.accounts().length; a++) {
                int[] values = accountValues.computeIfAbsent(image.accounts()[a], k -> defaults.clone());
                place(values, image.accountValues(), a * per, m, attributeMap, dataMap, image.attributes().size());
            }
            for (int i = 0; i < image.wakes().length; i += ModuleImage.WAKE_LONGS) {
                host.wakes().schedule(image.wakes()[i], ModuleWakes.pack(m, (int) image.wakes()[i + 1],
                        (int) image.wakes()[i + 2]));
            }
            restoreWatches(m, image);
        }
        npcs.sort((a, b) -> Integer.compare(a[0], b[0]));
        EntityTable t = world.entities;
        for (int[] npc : npcs) {
            int m = npc[1];
            ModuleImage image = byName.get(modules.spec(m).name());
            int slot = world.bodies.restoreModuleNpc(m, npc[0], npc[2], npc[3], npc[4]);
            int[] values = defaults.clone();
            place(values, image.npcValues(), npc[5] * image.valuesPerEntity(), m, attributeMaps[m], dataMaps[m],
                    image.attributes().size());
            System.arraycopy(values, 0, t.attrs, slot * t.attributeCount, t.attributeCount);
            System.arraycopy(values, t.attributeCount, t.data, slot * t.dataCount, t.dataCount);
        }
        for (int m = 0; m < modules.size(); m++) {
            if (!byName.containsKey(modules.spec(m).name())) {
                host.beginModule(m);
            }
        }
    }

    /** Puts one entity's image values where the world keeps them, by name, clamped to the bounds declared now. */
    private void place(int[] values, int[] from, int offset, int module, int[] attributeMap, int[] dataMap,
                       int imageAttributes) {
        int attributeCount = modules.attributeCount();
        List<AttributeSpec> attributes = modules.spec(module).attributes();
        for (int a = 0; a < attributeMap.length; a++) {
            if (attributeMap[a] >= 0) {
                values[modules.attributeOffset(module) + attributeMap[a]] =
                        attributes.get(attributeMap[a]).clamp(from[offset + a]);
            }
        }
        for (int d = 0; d < dataMap.length; d++) {
            if (dataMap[d] >= 0) {
                values[attributeCount + modules.dataOffset(module) + dataMap[d]] = from[offset + imageAttributes + d];
            }
        }
    }

    /** For each column of the image, its index among the module's columns now, or -1 when it has been dropped. */
    private static int[] columnMap(List<String> image, List<String> now) {
        int[] map = new int[image.size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = now.indexOf(image.get(i));
        }
        return map;
    }

    private void restoreWatches(int m, ModuleImage image) {
        int[] pairs = image.watches();
        for (int i = 0; i + ModuleImage.WATCH_INTS <= pairs.length; i += ModuleImage.WATCH_INTS) {
            int cell = pairs[i];
            int tag = pairs[i + 1];
            if (cell < 0 || cell >= host.field(m).size().cells() || tag < 0 || tag > ModuleWakes.MAX_TAG) {
                throw new IllegalArgumentException("game module " + modules.spec(m).name() + ": the snapshot holds "
                        + "a watch of cell " + cell + " with tag " + tag + ", outside this world's grid or tags");
            }
            host.watches().add(m, cell, tag);
        }
    }

    private void restoreField(int m, ModuleImage image) {
        ModuleSpec spec = modules.spec(m);
        int[] values = new int[host.field(m).size().cells()];
        int[] since = new int[values.length];
        int[] cells = image.cells();
        for (int i = 0; i + ModuleImage.CELL_INTS <= cells.length; i += ModuleImage.CELL_INTS) {
            int stored = cells[i + 1];
            String name = stored >= 1 && stored <= image.cellNames().size() ? image.cellNames().get(stored - 1) : null;
            int value = -1;
            for (CellSpec cell : spec.cells()) {
                if (cell.name().equals(name)) {
                    value = cell.value();
                }
            }
            if (value < 0 || cells[i] < 0 || cells[i] >= values.length) {
                throw new IllegalArgumentException("game module " + spec.name() + ": the snapshot holds the cell value "
                        + (name == null ? String.valueOf(stored) : "\"" + name + "\"") + " at cell " + cells[i]
                        + ", which the module no longer declares");
            }
            values[cells[i]] = value;
            since[cells[i]] = cells[i + 2];
        }
        host.field(m).restore(values, since);
    }
}
