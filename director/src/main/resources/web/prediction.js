/*
 * Lor client-side prediction: the server's movement rule (sim-core's MoveRules) and the reconciliation that the
 * test client runs (test-client's Prediction), as a pure object with no DOM, no sockets and no timers, so that it
 * can be exercised on its own. Also the map decoding of the README (`rle-varint`) and the cell bits.
 *
 * Exposes `LorPrediction` (a global in the page; module.exports under Node).
 */
(function (root) {
    'use strict';

    /** N is y-1, E is x+1 (README: the `move` message). */
    const DIRS = Object.freeze({
        N: Object.freeze({dx: 0, dy: -1}),
        E: Object.freeze({dx: 1, dy: 0}),
        S: Object.freeze({dx: 0, dy: 1}),
        W: Object.freeze({dx: -1, dy: 0}),
    });

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

    /**
     * The movement rule, in the server's order: off the grid, then a wall, then another entity's cell.
     * @param occupancy Map from cell index to entity id (the mover itself never in it)
     * @return 'moved', 'out_of_bounds', 'wall' or 'occupied'
     */
    function check(map, occupancy, x, y, layer, dir) {
        const d = DIRS[dir];
        if (!d) {
            throw new Error('unknown direction ' + dir);
        }
        const nx = x + d.dx;
        const ny = y + d.dy;
        if (nx < 0 || ny < 0 || nx >= map.width || ny >= map.height || layer < 0 || layer >= map.layers) {
            return 'out_of_bounds';
        }
        const i = index(map, nx, ny, layer);
        if (cell.isWall(map.cells[i])) {
            return 'wall';
        }
        if (occupancy.has(i)) {
            return 'occupied';
        }
        return 'moved';
    }

    /**
     * Prediction for one entity: intents apply at once to a predicted position and wait as pending; each `state`
     * drops the pending intents up to its `ack`, takes the authoritative position and replays the rest. Other
     * entities are known only as of the last state. A misprediction is an acknowledged intent whose predicted
     * position differs from where the server put the entity.
     */
    class Prediction {

        constructor(map, entityId, x, y, layer) {
            this.map = map;
            this.entityId = entityId;
            this.x = x;
            this.y = y;
            this.layer = layer;
            this.predictedX = x;
            this.predictedY = y;
            /** Other entities by cell index, from the last state. */
            this.others = new Map();
            /** [{seq, dir, x, y}] in seq order: where the prediction put the entity after each. */
            this.pending = [];
            this.mispredictions = 0;
            this.reconciled = 0;
        }

        /** Applies an intent locally at once. @return the predicted outcome */
        apply(seq, dir) {
            const result = check(this.map, this.others, this.predictedX, this.predictedY, this.layer, dir);
            if (result === 'moved') {
                this.predictedX += DIRS[dir].dx;
                this.predictedY += DIRS[dir].dy;
            }
            this.pending.push({seq, dir, x: this.predictedX, y: this.predictedY});
            return result;
        }

        /**
         * Reconciles with an authoritative `state` ({ack, entities: [{id, x, y, layer}]}).
         * @return true when the state held this entity (else nothing but the others changed)
         */
        onState(state) {
            this.others = new Map();
            let seen = false;
            for (const e of state.entities) {
                if (e.id === this.entityId) {
                    this.x = e.x;
                    this.y = e.y;
                    this.layer = e.layer;
                    seen = true;
                } else if (e.layer >= 0 && e.layer < this.map.layers && e.x >= 0 && e.y >= 0
                    && e.x < this.map.width && e.y < this.map.height) {
                    this.others.set(index(this.map, e.x, e.y, e.layer), e.id);
                }
            }
            if (!seen) {
                return false;
            }
            let acknowledged = null;
            while (this.pending.length > 0 && this.pending[0].seq <= state.ack) {
                acknowledged = this.pending.shift();
            }
            if (acknowledged !== null) {
                this.reconciled++;
                if (acknowledged.x !== this.x || acknowledged.y !== this.y) {
                    this.mispredictions++;
                }
            }
            this.replay();
            return true;
        }

        /** An intent refused before any tick saw it (`rate_limited`): it never happened. */
        forget(seq) {
            const at = this.pending.findIndex((p) => p.seq === seq);
            if (at >= 0) {
                this.pending.splice(at, 1);
                this.replay();
            }
        }

        replay() {
            this.predictedX = this.x;
            this.predictedY = this.y;
            for (const p of this.pending) {
                if (check(this.map, this.others, this.predictedX, this.predictedY, this.layer, p.dir) === 'moved') {
                    this.predictedX += DIRS[p.dir].dx;
                    this.predictedY += DIRS[p.dir].dy;
                }
                p.x = this.predictedX;
                p.y = this.predictedY;
            }
        }

        get pendingCount() {
            return this.pending.length;
        }

        /** The entity in a cell as of the last state, 0 for none (never this one). */
        other(x, y, layer) {
            return this.others.get(index(this.map, x, y, layer)) || 0;
        }
    }

    const api = Object.freeze({DIRS, cell, base64Bytes, decodeCells, mapFromMessage, index, check, Prediction});
    root.LorPrediction = api;
    if (typeof module !== 'undefined' && module.exports) {
        module.exports = api;
    }
})(typeof window !== 'undefined' ? window : globalThis);
