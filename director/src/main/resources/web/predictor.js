/*
 * The page's prediction: sim-core's Predictor itself, compiled to JavaScript by TeaVM (/sim.js, an ES module that
 * app.js imports and leaves on `window.LorSim`), behind the small interface the page's parts use. The movement rule,
 * the actions on objects, the field the clock transmutes, reconciliation and the walk's path search are all the
 * server's own code, so the page cannot drift from it; this file only passes numbers and names across.
 *
 * Exposes `LorPredictor` (a global in the page). No DOM.
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

    function sim() {
        const s = root.LorSim;
        if (!s) {
            throw new Error('the simulation (/sim.js) is not loaded');
        }
        return s;
    }

    /**
     * Prediction for this player in one world. Dispose it when the page leaves the world: the simulation keeps a
     * few predictors at most.
     */
    class Prediction {

        /**
         * @param map the `map` message as received (its `cells` are handed over as they are)
         * @param content welcome's `content` (the world's pack), or null
         * @param tick the welcome's tick: the clock line the field starts on
         * @param inventory welcome's `inventory` ({item: count}), or null
         */
        constructor(map, content, tick, entityId, x, y, layer, inventory) {
            const s = sim();
            this.sim = s;
            this.items = content && Array.isArray(content.items) ? content.items.slice() : [];
            this.handle = s.predictor(map.cells, map.width, map.height, map.layers,
                content ? JSON.stringify(content) : '', tick || 0, entityId, x, y, layer);
            if (this.handle < 0) {
                throw new Error(s.lastError());
            }
            this.inventory = inventory || null;
            this.width = map.width;
            this.height = map.height;
            this.layers = map.layers;
        }

        /** Applies an intent locally at once. @return 'moved', or the reason the server would refuse it */
        apply(seq, dir) {
            return this.sim.predictMove(this.handle, seq, dir);
        }

        /** What a step from the predicted position would do now. */
        check(dir) {
            return this.sim.predictCheck(this.handle, dir);
        }

        /**
         * Reconciles with an authoritative state ({ack, entities: [{id, x, y, layer}], objects?: [{id, kind, x, y,
         * layer, recipe, stock}], clock?, inventory?}); an inventory comes only when it changed, so the last one
         * stands until then.
         * @return true when the state held this player (else only the others and the field changed)
         */
        onState(state) {
            const s = this.sim;
            const h = this.handle;
            if (state.inventory) {
                this.inventory = state.inventory;
            }
            s.predictBegin(h);
            for (const e of state.entities) {
                s.predictEntity(h, e.id, e.x, e.y, e.layer);
            }
            for (const o of state.objects || []) {
                s.predictObject(h, o.id, o.kind || null, o.x, o.y, o.layer, o.recipe || null);
                for (const [item, count] of Object.entries(o.stock || {})) {
                    s.predictStock(h, item, count);
                }
            }
            if (this.inventory) {
                // An inventory lists the items carried: one left out is carried no more.
                for (const item of this.items) {
                    s.predictInventory(h, item, this.inventory[item] || 0);
                }
            }
            if (state.clock && typeof state.clock.line === 'string') {
                s.predictClock(h, state.clock.line);
            }
            return s.predictEnd(h, state.ack);
        }

        /**
         * Applies an action on an object at once, as the server will ({type: 'build' | 'put' | 'take' | 'set_recipe'
         * | 'dismantle', dir, kind | item | recipe, count}). @return 'done', or the reason the server would refuse it
         */
        act(seq, message) {
            const name = message.kind ?? message.item ?? message.recipe ?? null;
            return this.sim.predictAction(this.handle, seq, message.type, message.dir, name, message.count || 1);
        }

        /** The server refused an intent: a `rate_limited` one never happened; an action's reason is judged. */
        rejected(seq, reason) {
            this.sim.predictRejected(this.handle, seq, reason);
        }

        /** What the prediction has this player carry: {item: count} over the pack's items. */
        carried() {
            const out = {};
            for (const item of this.items) {
                out[item] = this.sim.predictCarried(this.handle, item);
            }
            return out;
        }

        /** The kind of the object the prediction has on a cell, or null. */
        objectKind(x, y, layer) {
            return this.sim.predictObjectKind(this.handle, x, y, layer);
        }

        /**
         * A walk's path from the predicted position, through portals only at its ends, around what others and
         * objects hold when asked. @return the steps ('N', 'E', …; [] when already there), or null for no way
         */
        path(x, y, aroundOthers, margin, maxSteps) {
            const steps = this.sim.predictPath(this.handle, x, y, aroundOthers, margin, maxSteps);
            return steps === null || steps === undefined ? null : Array.from(steps);
        }

        /** The field's line (an index in the clock's lines). */
        get line() {
            return this.sim.fieldLine(this.handle);
        }

        /** Copies the field, as the clock's current line transmutes the map, into `cells` (what the page draws). */
        copyField(cells) {
            const s = this.sim;
            for (let i = 0; i < cells.length; i++) {
                cells[i] = s.fieldCell(this.handle, i);
            }
        }

        get predictedX() {
            return this.sim.predictedX(this.handle);
        }

        get predictedY() {
            return this.sim.predictedY(this.handle);
        }

        get layer() {
            return this.sim.predictedLayer(this.handle);
        }

        get pendingCount() {
            return this.sim.predictPending(this.handle);
        }

        get mispredictions() {
            return this.sim.predictMispredictions(this.handle);
        }

        /** The seq of the last intent found mispredicted, 0 for none. */
        get lastMispredicted() {
            return this.sim.predictLastMispredicted(this.handle);
        }

        /** States that acknowledged at least one intent. */
        get reconciled() {
            return this.sim.predictReconciled(this.handle);
        }

        /** The entity in a cell as of the last state, minus an object's id; 0 for none (never this player). */
        other(x, y, layer) {
            return this.sim.predictOther(this.handle, x, y, layer);
        }

        dispose() {
            if (this.handle >= 0) {
                this.sim.disposePredictor(this.handle);
                this.handle = -1;
            }
        }
    }

    root.LorPredictor = Object.freeze({DIRS, Prediction});
})(typeof window !== 'undefined' ? window : globalThis);
