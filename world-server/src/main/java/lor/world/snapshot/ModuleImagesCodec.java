package lor.world.snapshot;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import lor.sim.util.VarBytes;
import lor.sim.world.ModuleImage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A snapshot's {@code "modules"}: one object per game module, its names as JSON (so that a module updated since can be
 * read by name) and its numbers as base64 varints:
 * <pre>
 * {"name":M,"attributes":[…],"data":[…],"cells":[NAME or null, by value from 1],
 *  "field":B64 (count, then per cell: index delta, value, set tick),
 *  "npcs":B64 (count, then per NPC: id delta, x, y, layer, values…),
 *  "players":B64 (count, then per account: account, values…),
 *  "wakes":B64 (count, then per wake: due, key, tag),
 *  "watches":B64 (count, then per watch: cell delta, tag)}
 * </pre>
 * {@code "watches"} is written only for a module that watches cells, and read as none when absent: snapshots taken
 * before watches existed hydrate, and a world that never watches writes what it wrote before.
 */
final class ModuleImagesCodec {

    private static final int MAX_COUNT = 1 << 28;

    private ModuleImagesCodec() {
    }

    static void encode(List<ModuleImage> images, ArrayNode out) {
        for (ModuleImage image : images) {
            ObjectNode node = out.addObject().put("name", image.module());
            image.attributes().forEach(node.putArray("attributes")::add);
            image.data().forEach(node.putArray("data")::add);
            ArrayNode cells = node.putArray("cells");
            for (String name : image.cellNames()) {
                if (name == null) {
                    cells.addNull();
                } else {
                    cells.add(name);
                }
            }
            node.put("field", base64(field(image.cells())));
            node.put("npcs", base64(npcs(image)));
            node.put("players", base64(players(image)));
            node.put("wakes", base64(wakes(image.wakes())));
            if (image.watches().length > 0) {
                node.put("watches", base64(watches(image.watches())));
            }
        }
    }

    private static VarBytes watches(int[] watches) {
        VarBytes out = new VarBytes(16 + watches.length * 2);
        out.writeLong(watches.length / ModuleImage.WATCH_INTS);
        int last = 0;
        for (int i = 0; i < watches.length; i += ModuleImage.WATCH_INTS) {
            out.writeLong(watches[i] - last);
            last = watches[i];
            out.writeLong(watches[i + 1]);
        }
        return out;
    }

    private static VarBytes field(int[] cells) {
        VarBytes out = new VarBytes(16 + cells.length * 2);
        out.writeLong(cells.length / ModuleImage.CELL_INTS);
        int last = 0;
        for (int i = 0; i < cells.length; i += ModuleImage.CELL_INTS) {
            out.writeLong(cells[i] - last);
            last = cells[i];
            out.writeLong(cells[i + 1]);
            out.writeSigned(cells[i + 2]);
        }
        return out;
    }

    private static VarBytes npcs(ModuleImage image) {
        int[] npcs = image.npcs();
        int per = image.valuesPerEntity();
        VarBytes out = new VarBytes(16 + npcs.length * 2);
        int count = npcs.length / ModuleImage.NPC_INTS;
        out.writeLong(count);
        int last = 0;
        for (int i = 0; i < count; i++) {
            int base = i * ModuleImage.NPC_INTS;
            out.writeLong(npcs[base] - last);
            last = npcs[base];
            out.writeLong(npcs[base + 1]);
            out.writeLong(npcs[base + 2]);
            out.writeLong(npcs[base + 3]);
            for (int v = 0; v < per; v++) {
                out.writeSigned(image.npcValues()[i * per + v]);
            }
        }
        return out;
    }

    private static VarBytes players(ModuleImage image) {
        int per = image.valuesPerEntity();
        VarBytes out = new VarBytes(16 + image.accounts().length * (per + 2));
        out.writeLong(image.accounts().length);
        for (int a = 0; a < image.accounts().length; a++) {
            out.writeSigned(image.accounts()[a]);
            for (int v = 0; v < per; v++) {
                out.writeSigned(image.accountValues()[a * per + v]);
            }
        }
        return out;
    }

    private static VarBytes wakes(long[] wakes) {
        VarBytes out = new VarBytes(16 + wakes.length * 3);
        out.writeLong(wakes.length / ModuleImage.WAKE_LONGS);
        for (long value : wakes) {
            out.writeLong(value);
        }
        return out;
    }

    /** @throws IllegalArgumentException naming the module and the part that cannot be read */
    static List<ModuleImage> decode(JsonNode modules) {
        List<ModuleImage> images = new ArrayList<>();
        if (modules == null || modules.isNull()) {
            return images;
        }
        if (!modules.isArray()) {
            throw new IllegalArgumentException("snapshot modules is not an array");
        }
        for (JsonNode node : modules) {
            String name = node.path("name").asString("");
            try {
                images.add(image(node, name));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("snapshot of game module " + name + ": " + e.getMessage(), e);
            }
        }
        return images;
    }

    private static ModuleImage image(JsonNode node, String name) {
        List<String> attributes = strings(node.path("attributes"), "attributes", false);
        List<String> data = strings(node.path("data"), "data", false);
        List<String> cellNames = strings(node.path("cells"), "cells", true);
        int per = attributes.size() + data.size();

        VarBytes in = bytes(node, "field");
        int count = in.readInt(MAX_COUNT, "field cells");
        int[] cells = new int[count * ModuleImage.CELL_INTS];
        int last = 0;
        for (int i = 0; i < count; i++) {
            last += in.readInt(Integer.MAX_VALUE, "a cell's index");
            cells[i * 3] = last;
            cells[i * 3 + 1] = in.readInt(Integer.MAX_VALUE, "a cell's value");
            cells[i * 3 + 2] = (int) in.readSigned();
        }

        in = bytes(node, "npcs");
        count = in.readInt(MAX_COUNT, "NPCs");
        int[] npcs = new int[count * ModuleImage.NPC_INTS];
        int[] npcValues = new int[count * per];
        last = 0;
        for (int i = 0; i < count; i++) {
            last += in.readInt(Integer.MAX_VALUE, "an NPC's id");
            npcs[i * 4] = last;
            npcs[i * 4 + 1] = in.readInt(Integer.MAX_VALUE, "an NPC's x");
            npcs[i * 4 + 2] = in.readInt(Integer.MAX_VALUE, "an NPC's y");
            npcs[i * 4 + 3] = in.readInt(Integer.MAX_VALUE, "an NPC's layer");
            for (int v = 0; v < per; v++) {
                npcValues[i * per + v] = (int) in.readSigned();
            }
        }

        in = bytes(node, "players");
        count = in.readInt(MAX_COUNT, "players");
        long[] accounts = new long[count];
        int[] accountValues = new int[count * per];
        for (int a = 0; a < count; a++) {
            accounts[a] = in.readSigned();
            for (int v = 0; v < per; v++) {
                accountValues[a * per + v] = (int) in.readSigned();
            }
        }

        in = bytes(node, "wakes");
        count = in.readInt(MAX_COUNT, "wakes");
        long[] wakes = new long[count * ModuleImage.WAKE_LONGS];
        for (int i = 0; i < wakes.length; i++) {
            wakes[i] = in.readLong();
        }
        int[] watches = new int[0];
        if (node.has("watches")) {
            in = bytes(node, "watches");
            count = in.readInt(MAX_COUNT, "watches");
            watches = new int[count * ModuleImage.WATCH_INTS];
            last = 0;
            for (int i = 0; i < count; i++) {
                last += in.readInt(Integer.MAX_VALUE, "a watched cell's index");
                watches[i * 2] = last;
                watches[i * 2 + 1] = in.readInt(Integer.MAX_VALUE, "a watch's tag");
            }
        }
        return new ModuleImage(name, attributes, data, cellNames, cells, npcs, npcValues, accounts, accountValues,
                wakes, watches);
    }

    private static List<String> strings(JsonNode list, String what, boolean nulls) {
        if (!list.isArray()) {
            throw new IllegalArgumentException("no list of " + what);
        }
        List<String> out = new ArrayList<>(list.size());
        for (JsonNode name : list) {
            if (name.isString()) {
                out.add(name.asString());
            } else if (nulls && name.isNull()) {
                out.add(null);
            } else {
                throw new IllegalArgumentException(what + " must list names");
            }
        }
        return out;
    }

    private static VarBytes bytes(JsonNode node, String part) {
        JsonNode text = node.path(part);
        if (!text.isString()) {
            throw new IllegalArgumentException("no " + part);
        }
        try {
            return VarBytes.reading(Base64.getDecoder().decode(text.asString()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(part + " is not base64", e);
        }
    }

    private static String base64(VarBytes bytes) {
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }
}
