/*
 * The glue between the world's connection and prediction (predictor.js): state frames, JSON or binary, become
 * `window.lor`'s entities and objects and reconcile the prediction; intents (moves, object actions) go out through
 * it, the objects panel's (objects.js) among them.
 */
import {el, live, lor, updateStatus} from './page.js';
import * as O from './objects.js';
import {DIRS} from './predictor.js';
import {requestRender} from './render.js';
import {ModuleControls} from './module-controls.js';

/** States kept in `window.lor.recent` (five seconds of them). */
const RECENT_STATES = 50;

/** The panel of a world with a content pack (hidden elsewhere); its intents go out as moves do. */
export const panel = new O.Panel(el.objects, sendAction);

/** The game modules' actions (hidden in a world without any); their fields from the panel's side, item and kind. */
export const controls = new ModuleControls(el.actions, sendModuleAct, panel);

/**
 * A binary state frame: applied to the connection's tracker, whose state (tick, ack, entities in ascending id)
 * is then handled and reconciled exactly as a JSON state. Its entities are those of the view's 8 x 8 regions: up
 * to 7 cells beyond the view radius that bounds a JSON state. A frame that does not decode leaves the view out of
 * step with the server's baseline: the connection is dropped and rejoined (a new one starts with a reset frame).
 */
export function onBinaryState(link, data) {
    if (link !== live.game) {
        return;
    }
    let state;
    try {
        if (link.world && O.WorldTracker.isWorldFrame(data)) {
            // A world frame (objects, line, inventory) comes just before the state frame of its broadcast.
            link.world.apply(data);
            return;
        }
        if (!link.tracker) {
            throw new Error('a binary state frame before the map size is known');
        }
        state = link.tracker.apply(data);
        if (state === null) {
            // A modules frame: the state frame of its broadcast follows.
            return;
        }
        if (link.world) {
            state = link.world.merge(state);
        }
    } catch (e) {
        lor.decodeErrors++;
        link.lost = 'a state frame this page cannot read: ' + e.message;
        try {
            link.socket.close(1000);
        } catch (ignored) {
            // already closing
        }
        return;
    }
    lor.binaryFrames++;
    onState(state);
}

export function onState(state) {
    if (live.game) {
        live.game.unavailable = null; // a portal refusal, not a shutdown: the world goes on
    }
    lor.tick = state.tick;
    lor.ack = state.ack;
    lor.states++;
    lor.entities = state.entities.map((e) => (e.attrs
        ? {id: e.id, x: e.x, y: e.y, layer: e.layer, kind: e.kind, attrs: e.attrs}
        : {id: e.id, x: e.x, y: e.y, layer: e.layer, kind: e.kind}));
    lor.fields = state.fields || null;
    lor.recent.push({tick: state.tick, ack: state.ack, entities: lor.entities});
    if (lor.recent.length > RECENT_STATES) {
        lor.recent.shift();
    }
    const own = state.entities.find((e) => e.id === lor.entityId);
    if (own) {
        lor.authoritative = {x: own.x, y: own.y, layer: own.layer};
    }
    lor.objects = state.objects || [];
    lor.clock = state.clock || null;
    if (state.inventory) {
        lor.inventory = state.inventory;
    }
    if (live.prediction) {
        live.prediction.onState(state);
        redrawField();
        afterPrediction();
    } else if (own) {
        lor.x = own.x;
        lor.y = own.y;
        lor.layer = own.layer;
        updateStatus();
        requestRender();
    }
}

/**
 * When the clock moved the field to another line, the cells drawn become the field's: a river flooded at night
 * is drawn as the wall prediction takes it for (sim-core's Field, as the server's).
 */
function redrawField() {
    const map = live.mapData;
    const line = live.prediction.line;
    if (map && map.line !== line) {
        live.prediction.copyField(map.cells);
        map.line = line;
    }
}

export function afterPrediction() {
    const prediction = live.prediction;
    lor.x = prediction.predictedX;
    lor.y = prediction.predictedY;
    lor.layer = prediction.layer;
    if (lor.content) {
        lor.carried = prediction.carried();
        lor.shownObjects = predictedObjects(prediction);
        panel.onState({objects: lor.shownObjects, clock: lor.clock, inventory: lor.carried},
            {x: lor.x, y: lor.y, layer: lor.layer});
    }
    lor.pending = prediction.pendingCount;
    lor.mispredictions = prediction.mispredictions;
    lor.lastMispredicted = prediction.lastMispredicted;
    lor.reconciled = prediction.reconciled;
    updateStatus();
    requestRender();
}

/**
 * The objects to show: the last state's, with the changes the player's pending actions make beside it as the
 * prediction has them (a furnace built stands there at once, marked `predicted`; a dismantled one is gone).
 */
function predictedObjects(prediction) {
    const shown = lor.objects.slice();
    for (const d of Object.values(DIRS)) {
        const x = lor.x + d.dx;
        const y = lor.y + d.dy;
        const kind = prediction.objectKind(x, y, lor.layer);
        const at = shown.findIndex((o) => o.x === x && o.y === y && o.layer === lor.layer);
        if (kind === null && at >= 0) {
            shown.splice(at, 1);
        } else if (kind !== null && (at < 0 || shown[at].kind !== kind)) {
            const object = {id: 0, kind, x, y, layer: lor.layer, recipe: null, progress: 0, stock: {},
                predicted: true};
            if (at >= 0) {
                shown[at] = object;
            } else {
                shown.push(object);
            }
        }
    }
    return shown;
}

/** Predicts and sends one intent. @return whether it was sent */
export function sendMove(dir) {
    const game = live.game;
    const prediction = live.prediction;
    if (!game || !prediction || game.socket.readyState !== WebSocket.OPEN) {
        return false;
    }
    const seq = ++game.seq;
    lor.seq = seq;
    prediction.apply(seq, dir);
    game.socket.send(JSON.stringify({type: 'move', dir, seq}));
    panel.faced(dir);
    afterPrediction();
    return true;
}

/**
 * Predicts and sends a game module's action (`act`: its name and declared fields, {name: number or name}) by the
 * module's own code in /sim.js; the server answers as for moves. `window.lor.act`; `window.lor.lastAct` is the last
 * one ({seq, action, predicted: 'done' or a reason}). @return whether it was sent
 */
export function sendModuleAct(action, fields) {
    return sendPredicted(Object.assign({}, fields, {type: 'act', action}), (prediction, seq) => {
        lor.lastAct = {seq, action, predicted: prediction.moduleAct(seq, action, fields)};
    });
}

lor.act = sendModuleAct;

/**
 * Predicts and sends an intent on an object (build, put, take, set_recipe, dismantle); the server answers as for
 * moves. @return whether it was sent
 */
export function sendAction(message) {
    return sendPredicted(message, (prediction, seq) => {
        lor.lastAction = {seq, type: message.type, predicted: prediction.act(seq, message)};
    });
}

/**
 * Sends an action with the connection's next seq, predicted first by `predict(prediction, seq)` when the page
 * predicts in this world. @return whether it was sent
 */
function sendPredicted(message, predict) {
    const game = live.game;
    if (!game || game.socket.readyState !== WebSocket.OPEN) {
        return false;
    }
    const seq = ++game.seq;
    lor.seq = seq;
    if (live.prediction) {
        predict(live.prediction, seq);
    }
    game.socket.send(JSON.stringify(Object.assign({}, message, {seq})));
    if (live.prediction) {
        afterPrediction();
    }
    return true;
}
