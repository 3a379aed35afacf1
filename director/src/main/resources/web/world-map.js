/*
 * The world's static map: the `map` message decoded for drawing (page.js: live.mapData), handed to a new prediction
 * (predictor.js), and published as `window.lor.map` with its portal cells and where they lead.
 */
import {live, lor, say, updateStatus} from './page.js';
import * as F from './frames.js';
import {Prediction} from './predictor.js';
import {requestRender} from './render.js';

export function onMap(link, message) {
    let decoded;
    try {
        decoded = F.mapFromMessage(message);
    } catch (e) {
        say('The world sent a map this page cannot read: ' + e.message, 'error');
        return;
    }
    live.mapData = decoded;
    lor.map = publicMap(decoded, message);
    // mapData.cells become the field, as the clock's line transmutes the map (world-state.js: onState).
    decoded.line = null;
    // Region numbers need the map's size: the map's word wins over the welcome's grid (a new tracker is empty,
    // but the map comes before the first state).
    if (link.encoding === 'binary' && (!link.tracker || link.tracker.width !== decoded.width
        || link.tracker.height !== decoded.height)) {
        link.tracker = new F.StateTracker(decoded.width, decoded.height, link.modules);
    }
    const you = lor.authoritative;
    dropPrediction();
    try {
        live.prediction = new Prediction(message, lor.content, lor.tick, lor.entityId,
            you.x, you.y, you.layer, lor.inventory);
    } catch (e) {
        say('This page cannot predict in this world: ' + e.message, 'error');
    }
    updateStatus();
    requestRender();
}

/**
 * The map as `window.lor.map`: sizes, every cell value (a plain array, built when first read), and the portal
 * cells with their target world when the map message names it.
 */
function publicMap(decoded, message) {
    const targets = portalTargets(message);
    const portals = [];
    const {width, height, layers, cells} = decoded;
    for (let i = 0; i < cells.length; i++) {
        const portal = F.cell.portal(cells[i]);
        if (portal !== 0) {
            const x = i % width;
            const y = Math.floor(i / width) % height;
            const layer = Math.floor(i / (width * height));
            const target = targets.byCell.get(x + ',' + y + ',' + layer) || targets.byIndex.get(portal) || {};
            portals.push({x, y, layer, portal, number: portal, worldId: target.worldId || null,
                targetX: target.x ?? null, targetY: target.y ?? null, targetLayer: target.layer ?? null});
        }
    }
    let plain = null;
    return {
        width, height, layers,
        spawn: message.spawn || null,
        portals,
        get cells() {
            if (plain === null) {
                plain = Array.from(cells);
            }
            return plain;
        },
    };
}

/**
 * Where the map message says portals lead: `portals: [{number, worldId}]`, `number` being the value of cell
 * bits 4-11. Lenient about the names (`portal`, `index` or `id` for the number; `targetWorld`, `target`,
 * `world` or a nested `to`/`target` object for the world; a cell `x`, `y`, `layer`) and about an object keyed
 * by number.
 */
function portalTargets(message) {
    const byIndex = new Map();
    const byCell = new Map();
    const raw = message.portals;
    const worldOf = (p) => {
        if (typeof p === 'string') {
            return {worldId: p};
        }
        if (!p || typeof p !== 'object') {
            return {};
        }
        const nested = [p.to, p.target, p.destination].find((v) => v && typeof v === 'object');
        const worldId = p.worldId || p.targetWorld || p.targetWorldId
            || (typeof p.target === 'string' ? p.target : null) || (typeof p.world === 'string' ? p.world : null)
            || (nested && (nested.worldId || nested.world)) || null;
        return {
            worldId,
            x: nested && Number.isInteger(nested.x) ? nested.x : p.targetX,
            y: nested && Number.isInteger(nested.y) ? nested.y : p.targetY,
            layer: nested && Number.isInteger(nested.layer) ? nested.layer : p.targetLayer,
        };
    };
    if (Array.isArray(raw)) {
        raw.forEach((p, i) => {
            const target = worldOf(p);
            const number = p && (p.number ?? p.portal ?? p.index ?? p.id);
            if (Number.isInteger(number)) {
                byIndex.set(number, target);
            }
            if (p && Number.isInteger(p.x) && Number.isInteger(p.y)) {
                byCell.set(p.x + ',' + p.y + ',' + (p.layer || 0), target);
            }
            if (!Number.isInteger(number) && !(p && Number.isInteger(p.x))) {
                byIndex.set(i + 1, target);
            }
        });
    } else if (raw && typeof raw === 'object') {
        for (const [key, value] of Object.entries(raw)) {
            byIndex.set(Number(key), worldOf(value));
        }
    }
    return {byIndex, byCell};
}

/** The page leaves the world (or gets a new map): its prediction goes. */
export function dropPrediction() {
    live.prediction = null;
}
