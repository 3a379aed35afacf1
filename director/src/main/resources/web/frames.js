/*
 * The formats of a world's frames, as the README gives them: the map's cells (`rle-varint`) and their bits, and the
 * decoder of binary state frames (`StateTracker`, as protocol's lor.protocol.game.binary.StateTracker). No rule of
 * the game is here: prediction and path finding are sim-core's own code, compiled to /sim.js (predictor.js).
 *
 * An ES module, with no DOM: tests load it on a blank page.
 */
/* Cell bits: 0 wall; 1-3 terrain (0 floor, 1 grass, 2 shallow water, 3 road); 4-11 portal (0: none). */
const WALL_BIT = 1;
const TERRAIN_SHIFT = 1;
const TERRAIN_MASK = 0b111;
const PORTAL_SHIFT = 4;
const PORTAL_MASK = 0xff;

const cell = Object.freeze({
    isWall: (value) => (value & WALL_BIT) !== 0,
    terrain: (value) => (value >>> TERRAIN_SHIFT) & TERRAIN_MASK,
    portal: (value) => (value >>> PORTAL_SHIFT) & PORTAL_MASK,
});

/** Standard base64 (RFC 4648, padded) to bytes, without relying on `atob` (so Node can run this too). */
function base64Bytes(text) {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const lookup = new Int16Array(128).fill(-1);
    for (let i = 0; i < alphabet.length; i++) {
        lookup[alphabet.charCodeAt(i)] = i;
    }
    const clean = text.replace(/[\s=]/g, '');
    const out = new Uint8Array(Math.floor(clean.length * 3 / 4));
    let bits = 0;
    let count = 0;
    let n = 0;
    for (let i = 0; i < clean.length; i++) {
        const c = clean.charCodeAt(i);
        const v = c < 128 ? lookup[c] : -1;
        if (v < 0) {
            throw new Error('map cells: not base64 at ' + i);
        }
        bits = (bits << 6) | v;
        count += 6;
        if (count >= 8) {
            count -= 8;
            out[n++] = (bits >>> count) & 0xff;
        }
    }
    return out.subarray(0, n);
}

/**
 * Decodes the `cells` of a `map` message: base64 of runs, each two unsigned LEB128 varints (run length >= 1,
 * then the cell value), covering every cell in index order (layer*height+y)*width+x.
 */
function decodeCells(base64, count) {
    const bytes = base64Bytes(base64);
    const out = new Int32Array(count);
    let filled = 0;
    let i = 0;
    const varint = () => {
        let value = 0;
        let scale = 1;
        let b;
        do {
            if (i >= bytes.length) {
                throw new Error('map cells: truncated varint');
            }
            b = bytes[i++];
            value += (b & 0x7f) * scale;
            scale *= 128;
        } while (b & 0x80);
        return value;
    };
    while (i < bytes.length) {
        const run = varint();
        const value = varint() | 0;
        if (run < 1 || filled + run > count) {
            throw new Error('map cells: a run of ' + run + ' at cell ' + filled + ' of ' + count);
        }
        out.fill(value, filled, filled + run);
        filled += run;
    }
    if (filled !== count) {
        throw new Error('map cells: the runs cover ' + filled + ' of ' + count + ' cells');
    }
    return out;
}

/**
 * A decoded map: {width, height, layers, cells (Int32Array)}.
 * @param message the `map` message as received
 */
function mapFromMessage(message) {
    const width = message.width;
    const height = message.height;
    const layers = message.layers;
    if (message.encoding && message.encoding !== 'rle-varint') {
        throw new Error('map: unknown encoding ' + message.encoding);
    }
    return {width, height, layers, cells: decodeCells(message.cells, width * height * layers)};
}

function index(map, x, y, layer) {
    return (layer * map.height + y) * map.width + x;
}

// ---- binary state frames ------------------------------------------------------------------------------

/**
 * The `binary` encoding of `state` (protocol's lor.protocol.game.binary.BinaryState): negotiated with
 * "encoding":"binary" in `hello`; only state frames become binary WebSocket frames. Regions are squares of 8
 * cells per layer, numbered (layer * regionsHigh + (y >> 3)) * regionsWide + (x >> 3).
 */
const BinaryState = Object.freeze({
    ENCODING: 'binary',
    KIND_STATE: 1,
    KIND_MODULES: 3,
    MODULES_RESET: 1,
    REGION_SIZE: 8,
    FLAG_RESET: 1,
    ENTITY_PLAYER: 1,
    ENTITY_NPC: 2,
    regionsWide: (width) => Math.ceil(width / 8),
    regionsHigh: (height) => Math.ceil(height / 8),
    region: (x, y, layer, regionsWide, regionsHigh) =>
        (layer * regionsHigh + Math.floor(y / 8)) * regionsWide + Math.floor(x / 8),
});

const INT_MAX = 2147483647;

/** The bytes of a frame as a Uint8Array: from an ArrayBuffer, a typed array / DataView, or an array of numbers. */
function frameBytes(data) {
    if (data instanceof Uint8Array) {
        return data;
    }
    if (data instanceof ArrayBuffer) {
        return new Uint8Array(data);
    }
    if (ArrayBuffer.isView(data)) {
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    }
    if (Array.isArray(data)) {
        return Uint8Array.from(data, (b) => b & 0xff);
    }
    throw new Error('binary state: not bytes');
}

/**
 * Reads a frame front to back: bytes, unsigned LEB128 varints of up to 64 bits and zigzag ones. Never uses
 * 32-bit bitwise operators on a value: the first seven bytes (49 bits) add up exactly in a double; a longer
 * varint is summed as a BigInt and rounded once to the nearest double (as JSON.parse rounds a long number).
 */
class FrameReader {

    constructor(data) {
        this.bytes = frameBytes(data);
        this.at = 0;
    }

    get remaining() {
        return this.bytes.length - this.at;
    }

    u8() {
        if (this.at >= this.bytes.length) {
            throw new Error('binary state: truncated at byte ' + this.at);
        }
        return this.bytes[this.at++];
    }

    /** An unsigned varint as a number (exact up to 2^53, the nearest double beyond). */
    varint() {
        let value = 0;
        let scale = 1;
        for (let i = 0; i < 7; i++) {
            const b = this.u8();
            value += (b & 0x7f) * scale;
            if ((b & 0x80) === 0) {
                return value;
            }
            scale *= 128;
        }
        // Bytes 8 to 10 (bits 49 to 63): exact in a BigInt; bits beyond 64 are dropped, as Java's << does.
        let big = BigInt(value);
        for (let shift = 49n; shift < 64n; shift += 7n) {
            const b = this.u8();
            big += BigInt(b & 0x7f) << shift;
            if ((b & 0x80) === 0) {
                return Number(BigInt.asUintN(64, big));
            }
        }
        throw new Error('binary state: varint longer than 64 bits at byte ' + this.at);
    }

    /** A varint that must fit a (non-negative) Java int: ids, counts, regions, coordinates. */
    int() {
        const start = this.at;
        const value = this.varint();
        if (value > INT_MAX) {
            throw new Error('binary state: value ' + value + ' out of int range at byte ' + start);
        }
        return value;
    }

    /** A zigzag varint: 0, -1, 1, -2, 2 … for 0, 1, 2, 3, 4 … */
    signed() {
        const raw = this.varint();
        return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
    }
}

/**
 * A client's view of the world rebuilt from binary state frames, as protocol's StateTracker does it: apply each
 * state and modules frame in order, then read the entities in the shape of a JSON `state` (the entities of the
 * view's regions, in ascending id, with their module `attrs`, and the modules' `fields`; a JSON state bounds them by
 * the view radius instead, so it may list fewer). A frame is read whole before any of it is applied: a frame that
 * does not decode throws and changes nothing.
 */
class StateTracker {

    /**
     * @param width, height the map's size in cells (the `map` message's, or the `welcome` grid's)
     * @param modules `welcome.modules`, which the modules frames index ([] or absent: a world without modules)
     */
    constructor(width, height, modules = []) {
        if (!(width > 0) || !(height > 0)) {
            throw new Error('binary state: a map size is needed, got ' + width + ' x ' + height);
        }
        this.width = width;
        this.height = height;
        this.regionsWide = BinaryState.regionsWide(width);
        this.regionsHigh = BinaryState.regionsHigh(height);
        /** id -> {id, x, y, layer, kind (1 player, 2 npc), region} */
        this.entities = new Map();
        this.tick = 0;
        this.ack = 0;
        this.frames = 0;
        this.moduleNames = modules.map((m) => m.name);
        /** Every module's attributes in welcome's order: {name, default} */
        this.attributes = modules.flatMap((m) => (m.attributes || []).map((a) => ({name: a.name, default: a.default})));
        /** entity id -> its attribute values, in the order of this.attributes */
        this.attrs = new Map();
        /** region -> Map(module * 64 + cell within the region -> value, never 0) */
        this.cells = new Map();
    }

    /**
     * Applies one frame: reset; the regions that left the view; every departure of every change; the snapshots;
     * every arrival; every move. A modules frame (kind 3) comes just before the state frame of its broadcast.
     * @param data ArrayBuffer, Uint8Array or an array of byte values
     * @return this tracker's state() after a state frame; null after a modules frame
     */
    apply(data) {
        const r = new FrameReader(data);
        const kind = r.u8();
        if (kind === BinaryState.KIND_MODULES) {
            this.applyModules(r);
            return null;
        }
        if (kind !== BinaryState.KIND_STATE) {
            throw new Error('binary state: not a state frame: kind ' + kind);
        }
        const tick = r.varint();
        const ack = r.varint();
        const flags = r.u8();
        const left = [];
        for (let i = 0, n = r.int(); i < n; i++) {
            left.push(r.int());
        }
        const snapshots = [];
        for (let i = 0, n = r.int(); i < n; i++) {
            r.int(); // the region: each entity's own position says where it is
            for (let k = 0, count = r.int(); k < count; k++) {
                snapshots.push(this.readEntity(r));
            }
        }
        const departures = [];
        const arrivals = [];
        const moves = [];
        for (let i = 0, n = r.int(); i < n; i++) {
            r.int();
            for (let k = 0, d = r.int(); k < d; k++) {
                departures.push(r.int());
            }
            for (let k = 0, a = r.int(); k < a; k++) {
                arrivals.push(this.readEntity(r));
            }
            for (let k = 0, m = r.int(); k < m; k++) {
                moves.push({id: r.int(), dx: r.signed(), dy: r.signed()});
            }
        }
        if (r.remaining > 0) {
            throw new Error('binary state: ' + r.remaining + ' bytes after the last change');
        }

        // Applied to a copy that replaces the view only when the whole frame applied (a bad move throws).
        const entities = new Map(this.entities);
        if ((flags & BinaryState.FLAG_RESET) !== 0) {
            entities.clear();
        }
        if (left.length > 0) {
            const gone = new Set(left);
            for (const [id, e] of entities) {
                if (gone.has(e.region)) {
                    entities.delete(id);
                }
            }
        }
        for (const id of departures) {
            entities.delete(id);
        }
        for (const e of snapshots) {
            entities.set(e.id, e);
        }
        for (const e of arrivals) {
            entities.set(e.id, e);
        }
        for (const m of moves) {
            const e = entities.get(m.id);
            if (!e) {
                throw new Error('binary state: move of unknown entity ' + m.id);
            }
            // A move stays within its region (it would be a departure and an arrival otherwise).
            entities.set(e.id, {id: e.id, x: e.x + m.dx, y: e.y + m.dy, layer: e.layer, kind: e.kind,
                region: e.region});
        }
        this.entities = entities;
        // What the modules frame said of regions and entities that are gone goes with them.
        for (const region of left) {
            this.cells.delete(region);
        }
        for (const id of this.attrs.keys()) {
            if (!entities.has(id)) {
                this.attrs.delete(id);
            }
        }
        this.tick = tick;
        this.ack = ack;
        this.frames++;
        return this.state();
    }

    /** The rest of a modules frame: tick, flags (bit 0 reset), parts of attribute values and field cells. */
    applyModules(r) {
        r.varint();
        const flags = r.u8();
        const values = [];
        const cells = [];
        for (let p = 0, parts = r.int(); p < parts; p++) {
            const region = r.int();
            for (let i = 0, n = r.int(); i < n; i++) {
                const id = r.int();
                for (let k = 0, count = r.int(); k < count; k++) {
                    const attribute = r.int();
                    if (attribute >= this.attributes.length) {
                        throw new Error('binary state: attribute ' + attribute + ' is not declared');
                    }
                    values.push({id, attribute, value: r.signed()});
                }
            }
            for (let i = 0, n = r.int(); i < n; i++) {
                const module = r.int();
                const at = r.int();
                if (module >= this.moduleNames.length || at >= 64) {
                    throw new Error('binary state: module ' + module + ' cell ' + at + ' is not declared');
                }
                cells.push({region, key: module * 64 + at, value: r.int()});
            }
        }
        if (r.remaining > 0) {
            throw new Error('binary state: ' + r.remaining + ' bytes after the last part');
        }
        if ((flags & BinaryState.MODULES_RESET) !== 0) {
            this.attrs.clear();
            this.cells.clear();
        }
        for (const v of values) {
            if (!this.attrs.has(v.id)) {
                this.attrs.set(v.id, this.attributes.map((a) => a.default));
            }
            this.attrs.get(v.id)[v.attribute] = v.value;
        }
        for (const c of cells) {
            if (!this.cells.has(c.region)) {
                this.cells.set(c.region, new Map());
            }
            if (c.value === 0) {
                this.cells.get(c.region).delete(c.key);
            } else {
                this.cells.get(c.region).set(c.key, c.value);
            }
        }
    }

    /** Every non-empty module cell of the view, as JSON's `fields`: by module, layer, y, x. */
    fields() {
        const list = [];
        const perLayer = this.regionsWide * this.regionsHigh;
        for (const [region, cells] of this.cells) {
            for (const [key, value] of cells) {
                const at = key % 64;
                list.push({module: Math.floor(key / 64), x: (region % this.regionsWide) * 8 + at % 8,
                    y: (Math.floor(region / this.regionsWide) % this.regionsHigh) * 8 + Math.floor(at / 8),
                    layer: Math.floor(region / perLayer), value});
            }
        }
        list.sort((a, b) => a.module - b.module || a.layer - b.layer || a.y - b.y || a.x - b.x);
        return list.map((c) => ({module: this.moduleNames[c.module], x: c.x, y: c.y, layer: c.layer,
            value: c.value}));
    }

    readEntity(r) {
        const id = r.int();
        const x = r.int();
        const y = r.int();
        const layer = r.int();
        const kind = r.u8();
        return {id, x, y, layer, kind,
            region: BinaryState.region(x, y, layer, this.regionsWide, this.regionsHigh)};
    }

    /**
     * The entities as of the last frame, in ascending id: {type, tick, ack, entities: [{id, x, y, layer, kind}]}; in
     * a world with modules also each entity's `attrs` (when they declare any) and the state's `fields`.
     */
    state() {
        const list = Array.from(this.entities.values(), (e) => ({id: e.id, x: e.x, y: e.y, layer: e.layer,
            kind: e.kind === BinaryState.ENTITY_PLAYER ? 'player' : 'npc'}));
        list.sort((a, b) => a.id - b.id);
        if (this.attributes.length > 0) {
            for (const e of list) {
                const values = this.attrs.get(e.id) || this.attributes.map((a) => a.default);
                e.attrs = Object.fromEntries(this.attributes.map((a, i) => [a.name, values[i]]));
            }
        }
        const state = {type: 'state', tick: this.tick, ack: this.ack, entities: list};
        if (this.moduleNames.length > 0) {
            state.fields = this.fields();
        }
        return state;
    }

    get size() {
        return this.entities.size;
    }
}

export {cell, base64Bytes, decodeCells, mapFromMessage, index, BinaryState, FrameReader, StateTracker};
