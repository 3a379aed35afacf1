/*
 * The page's prediction: sim-core's Predictor itself, compiled to JavaScript by TeaVM (/sim.js, an ES module that
 * app.js imports and hands over with `useSimulation`), behind the small interface the page's parts use. The movement
 * rule, the actions on objects, the field the clock transmutes, reconciliation and the walk's path search are all
 * the server's own code, so the page cannot drift from it; this file only passes numbers and names across.
 *
 * No DOM: tests load it on a blank page.
 */
/** N is y-1, E is x+1 (README: the `move` message). */
const DIRS = Object.freeze({
    N: Object.freeze({dx: 0, dy: -1}),
    E: Object.freeze({dx: 1, dy: 0}),
    S: Object.freeze({dx: 0, dy: 1}),
    W: Object.freeze({dx: -1, dy: 0}),
});

/** sim.js, once app.js has imported it. */
let simulation = null;

/** The simulation the predictions run on: app.js hands it over once it has imported /sim.js. */
export function useSimulation(module) {
    simulation = module;
}

function sim() {
    if (!simulation) {
        throw new Error('the simulation (/sim.js) is not loaded');
    }
    return simulation;
}

/**
 * Prediction for this player in one world: sim-core's Predictor in /sim.js (a PagePrediction), fed the page's
 * states and intents.
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
        this.p = s.predictor(map.cells, map.width, map.height, map.layers, content ? JSON.stringify(content) : '',
            tick || 0, entityId, x, y, layer);
        if (!this.p) {
            throw new Error(s.lastError());
        }
        this.items = content && Array.isArray(content.items) ? content.items.slice() : [];
        this.inventory = inventory || null;
    }

    /** Applies a step at once. @return 'moved', or the reason the server would refuse it */
    apply(seq, dir) {
        return this.p.move(seq, dir);
    }

    /** What a step from the predicted position would do now. */
    check(dir) {
        return this.p.check(dir);
    }

    /**
     * Reconciles with an authoritative state ({tick, ack, entities: [{id, x, y, layer, attrs?}], objects?: [{id,
     * kind, x, y, layer, recipe, stock}], clock?, inventory?, fields?: [{module, x, y, layer, value}]}); an
     * inventory comes only when it changed, so the last one stands until then. Game modules read the state's tick,
     * its entities' attributes and its field cells.
     * @return true when the state held this player (else only the others and the field changed)
     */
    onState(state) {
        const p = this.p;
        if (state.inventory) {
            this.inventory = state.inventory;
        }
        if (typeof state.tick === 'number') {
            p.beginAt(state.tick);
        } else {
            p.begin();
        }
        for (const e of state.entities) {
            p.entity(e.id, e.x, e.y, e.layer);
            for (const [name, value] of Object.entries(e.attrs || {})) {
                p.attribute(e.id, name, value);
            }
        }
        for (const c of state.fields || []) {
            p.moduleCell(c.module, c.x, c.y, c.layer, c.value);
        }
        for (const o of state.objects || []) {
            p.object(o.id, o.kind || null, o.x, o.y, o.layer, o.recipe || null);
            for (const [item, count] of Object.entries(o.stock || {})) {
                p.stock(item, count);
            }
        }
        if (this.inventory) {
            // An inventory lists the items carried: one left out is carried no more.
            for (const item of this.items) {
                p.inventory(item, this.inventory[item] || 0);
            }
        }
        if (state.clock && typeof state.clock.line === 'string') {
            p.clock(state.clock.line);
        }
        return p.end(state.ack);
    }

    /**
     * Applies an action on an object at once, as the server will ({type: 'build' | 'put' | 'take' | 'set_recipe'
     * | 'dismantle', dir, kind | item | recipe, count}). @return 'done', or the reason the server would refuse it
     */
    act(seq, message) {
        const name = message.kind ?? message.item ?? message.recipe ?? null;
        return this.p.act(seq, message.type, message.dir, name, message.count || 1);
    }

    /**
     * Applies a game module's action at once by the module's own code, as the server will: `action` its name,
     * `fields` its declared fields ({name: number or name}). @return 'done', or the reason the server would refuse
     * it (`unknown_action` and `bad_field` as the world checks them)
     */
    moduleAct(seq, action, fields) {
        for (const [name, value] of Object.entries(fields || {})) {
            if (typeof value === 'number') {
                this.p.field(name, value);
            } else {
                this.p.fieldName(name, String(value));
            }
        }
        return this.p.moduleAct(seq, action);
    }

    /** A game module's field cell as the prediction has it (0 for empty or unknown). */
    moduleCell(module, x, y, layer) {
        return this.p.moduleCellAt(module, x, y, layer);
    }

    /** An entity's game module attribute as the prediction has it (its default for one it knows nothing of). */
    attribute(id, name) {
        return this.p.attributeOf(id, name);
    }

    /** The server refused an intent: a `rate_limited` one never happened; an action's reason is judged. */
    rejected(seq, reason) {
        this.p.rejected(seq, reason);
    }

    /** What the prediction has this player carry: {item: count} over the pack's items. */
    carried() {
        const out = {};
        for (const item of this.items) {
            out[item] = this.p.carried(item);
        }
        return out;
    }

    /** The kind of the object the prediction has on a cell, or null. */
    objectKind(x, y, layer) {
        return this.p.objectKind(x, y, layer) ?? null;
    }

    /**
     * A walk's path from the predicted position, through portals only at its ends, around what others and
     * objects hold when asked. @return the steps ('N', 'E', …; [] when already there), or null for no way
     */
    path(x, y, aroundOthers, margin, maxSteps) {
        const steps = this.p.path(x, y, aroundOthers, margin, maxSteps);
        return steps === null || steps === undefined ? null : Array.from(steps);
    }

    /** The field's line (an index in the clock's lines). */
    get line() {
        return this.p.fieldLine();
    }

    /** Copies the field, as the clock's current line transmutes the map, into `cells` (what the page draws). */
    copyField(cells) {
        for (let i = 0; i < cells.length; i++) {
            cells[i] = this.p.fieldCell(i);
        }
    }

    get predictedX() {
        return this.p.predictedX();
    }

    get predictedY() {
        return this.p.predictedY();
    }

    get layer() {
        return this.p.layer();
    }

    get pendingCount() {
        return this.p.pending();
    }

    get mispredictions() {
        return this.p.mispredictions();
    }

    /** The seq of the last intent found mispredicted, 0 for none. */
    get lastMispredicted() {
        return this.p.lastMispredicted();
    }

    /** States that acknowledged at least one intent. */
    get reconciled() {
        return this.p.reconciled();
    }

    /** The entity in a cell as of the last state, minus an object's id; 0 for none (never this player). */
    other(x, y, layer) {
        return this.p.other(x, y, layer);
    }
}

export {DIRS, Prediction};
