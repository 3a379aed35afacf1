/*
 * Drawing the world on the canvas: the map around the own entity (at the centre), portals, the game modules' field
 * cells and attribute bars (module-looks.js, from what the modules declare), objects, the other entities with a label
 * over each other player, the own entity where prediction puts it, the target of a walk, and the connection's state
 * over a picture that is not live; and the way back from a point on the canvas to a cell.
 */
import {el, live, lor} from './page.js';
import * as F from './frames.js';
import * as O from './objects.js';

const CELL_PX = 12;
const ZOOMED_CELL_PX = 24;

const COLOURS = {
    outside: '#101218',
    wall: '#3b3f4c',
    floor: '#d8cfb8',
    grass: '#7cb668',
    water: '#5aa6d6',
    road: '#b58f5a',
    portal: '#b24fe0',
    portalInner: '#f3d9ff',
    you: '#ffd23f',
    youRing: '#1b1b1b',
    player: '#2f6fe0',
    npc: '#d9473c',
    label: '#ffffff',
    labelOutline: '#101218',
};
const TERRAIN_COLOURS = [COLOURS.floor, COLOURS.grass, COLOURS.water, COLOURS.road,
    COLOURS.floor, COLOURS.floor, COLOURS.floor, COLOURS.floor];

const ctx = el.view.getContext('2d');

let renderQueued = false;

export function requestRender() {
    if (renderQueued) {
        return;
    }
    renderQueued = true;
    // requestAnimationFrame pauses in hidden tabs; the timeout keeps the picture (and tests) current anyway.
    const run = () => {
        if (renderQueued) {
            renderQueued = false;
            render();
        }
    };
    requestAnimationFrame(run);
    setTimeout(run, 100);
}

/**
 * The size of a cell in canvas pixels: 12, or 24 when the canvas is shown at less than 60% of its drawing size
 * (a phone), so that a cell stays large enough to see and to tap. The canvas keeps its drawing resolution.
 */
function cellSize() {
    const shown = el.view.clientWidth;
    return shown > 0 && shown < el.view.width * 0.6 ? ZOOMED_CELL_PX : CELL_PX;
}

/** Where the last picture put the map: {originX, originY, cell, layer} in canvas pixels, or null. */
let geometry = null;

function render() {
    const w = el.view.width;
    const h = el.view.height;
    ctx.fillStyle = COLOURS.outside;
    ctx.fillRect(0, 0, w, h);
    lor.labels = [];
    if (!live.mapData || !Number.isInteger(lor.x)) {
        geometry = null;
        ctx.fillStyle = '#8a8f9c';
        ctx.font = '16px sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText(lor.connection === 'connected' ? 'loading the map…' : lor.connection + '…', w / 2, h / 2);
        return;
    }
    const map = live.mapData;
    const layer = lor.layer || 0;
    const cell = cellSize();
    if (lor.timings.firstFrame === null) {
        lor.timings.firstFrame = performance.now();
    }
    el.view.dataset.cellPx = String(cell);
    // The own entity's cell sits at the centre of the canvas.
    const originX = Math.floor(w / 2 - (lor.x + 0.5) * cell);
    const originY = Math.floor(h / 2 - (lor.y + 0.5) * cell);
    geometry = {originX, originY, cell, layer};
    drawMap(map, layer, originX, originY, cell, w, h);
    const looks = live.looks;
    if (looks && !looks.empty) {
        const r = visibleRange(map, originX, originY, cell, w, h);
        looks.drawFields(ctx, fieldCells(), layer, r.x0, r.y0, r.x1, r.y1, originX, originY, cell);
    }
    if (lor.content) {
        O.drawObjects(ctx, lor.content, lor.shownObjects || lor.objects, originX, originY, layer, cell);
    }
    if (lor.walk && lor.walk.layer === layer) {
        // Where a tap-to-walk goes.
        ctx.strokeStyle = COLOURS.you;
        ctx.lineWidth = 2;
        ctx.strokeRect(originX + lor.walk.x * cell + 1, originY + lor.walk.y * cell + 1, cell - 2, cell - 2);
    }
    const players = [];
    for (const e of lor.entities) {
        if (e.id === lor.entityId || e.layer !== layer) {
            continue;
        }
        const px = originX + e.x * cell;
        const py = originY + e.y * cell;
        if (e.kind === 'npc') {
            ctx.fillStyle = COLOURS.npc;
            ctx.fillRect(px + 2, py + 2, cell - 4, cell - 4);
        } else {
            ctx.fillStyle = COLOURS.player;
            ctx.beginPath();
            ctx.arc(px + cell / 2, py + cell / 2, cell * 0.42, 0, Math.PI * 2);
            ctx.fill();
            players.push(e);
        }
        if (looks) {
            looks.drawBars(ctx, e.attrs, px, py, cell);
        }
    }
    drawLabels(players, originX, originY, cell, w, h);
    // The own entity, where prediction puts it, always on top.
    const sx = originX + lor.x * cell + cell / 2;
    const sy = originY + lor.y * cell + cell / 2;
    ctx.fillStyle = COLOURS.you;
    ctx.strokeStyle = COLOURS.youRing;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(sx, sy, cell * 0.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    const own = looks ? lor.entities.find((e) => e.id === lor.entityId) : null;
    if (own) {
        looks.drawBars(ctx, own.attrs, originX + lor.x * cell, originY + lor.y * cell, cell);
    }
    if (lor.connection !== 'connected') {
        // The picture is the last one the server confirmed; say so over it.
        ctx.fillStyle = 'rgba(10, 12, 18, 0.6)';
        ctx.fillRect(0, 0, w, h);
        ctx.fillStyle = '#f0f0f0';
        ctx.font = 'bold 18px sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText(lor.connection, w / 2, h / 2 - 24);
    }
    const attributes = own ? looks.describe(own.attrs) : '';
    if (looks) {
        looks.showAttributes(el.attributes, own ? own.attrs : null);
    }
    el.stats.textContent = 'tick ' + lor.tick + ' · ' + lor.entities.length + ' in view · '
        + lor.pending + ' pending · ' + lor.mispredictions + ' mispredicted · ' + lor.encoding + ' states'
        + (attributes ? ' · ' + attributes : '');
}

/** The cells of the map the canvas shows: {x0, y0, x1, y1}, inclusive. */
function visibleRange(map, originX, originY, cell, w, h) {
    return {
        x0: Math.max(0, Math.floor(-originX / cell)),
        y0: Math.max(0, Math.floor(-originY / cell)),
        x1: Math.min(map.width - 1, Math.ceil((w - originX) / cell)),
        y1: Math.min(map.height - 1, Math.ceil((h - originY) / cell)),
    };
}

/**
 * The modules' field cells to draw: the prediction's (a cast shows at once), or without one the last state's
 * `fields`. @return function(module, x, y, layer): the value
 */
function fieldCells() {
    const prediction = live.prediction;
    if (prediction) {
        return (module, x, y, layer) => prediction.moduleCell(module, x, y, layer);
    }
    const known = new Map();
    for (const c of lor.fields || []) {
        known.set(c.module + ' ' + c.x + ' ' + c.y + ' ' + c.layer, c.value);
    }
    return (module, x, y, layer) => known.get(module + ' ' + x + ' ' + y + ' ' + layer) || 0;
}

function drawMap(map, layer, originX, originY, cell, w, h) {
    const {x0, y0, x1, y1} = visibleRange(map, originX, originY, cell, w, h);
    const portals = [];
    for (let y = y0; y <= y1; y++) {
        const row = (layer * map.height + y) * map.width;
        for (let x = x0; x <= x1; x++) {
            const value = map.cells[row + x];
            let colour;
            if (F.cell.isWall(value)) {
                colour = COLOURS.wall;
            } else if (F.cell.portal(value) !== 0) {
                colour = COLOURS.portal;
                portals.push(x, y);
            } else {
                colour = TERRAIN_COLOURS[F.cell.terrain(value)];
            }
            ctx.fillStyle = colour;
            ctx.fillRect(originX + x * cell, originY + y * cell, cell, cell);
        }
    }
    ctx.fillStyle = COLOURS.portalInner;
    for (let i = 0; i < portals.length; i += 2) {
        const cx = originX + portals[i] * cell + cell / 2;
        const cy = originY + portals[i + 1] * cell + cell / 2;
        ctx.beginPath();
        ctx.arc(cx, cy, cell * 0.22, 0, Math.PI * 2);
        ctx.fill();
    }
}

/**
 * A label over each other player on the canvas: its username, which the world sends because the page's hello
 * asks for `names` (entity id → username, in `window.lor.names`); "player 17" (the entity id) for a player whose
 * name the page does not know (a world from before names, or a player whose ticket carried none). NPCs get none.
 * Each label drawn is listed in `window.lor.labels`.
 */
function drawLabels(players, originX, originY, cell, w, h) {
    const size = Math.round(cell * 0.9);
    ctx.font = 'bold ' + size + 'px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 3;
    ctx.strokeStyle = COLOURS.labelOutline;
    ctx.fillStyle = COLOURS.label;
    for (const e of players) {
        const px = originX + e.x * cell;
        const py = originY + e.y * cell;
        if (px + cell <= 0 || py + cell <= 0 || px >= w || py >= h) {
            continue;
        }
        const name = lor.names[e.id];
        const text = typeof name === 'string' ? name : 'player ' + e.id;
        const x = px + cell / 2;
        const y = py - 2;
        ctx.strokeText(text, x, y);
        ctx.fillText(text, x, y);
        lor.labels.push({id: e.id, text, x, y, size});
    }
}

/**
 * The map cell under a point of the page (clientX, clientY, as pointer events give them), from the canvas's
 * last picture: the canvas may be shown smaller than it draws (a phone), so CSS pixels scale back to canvas
 * pixels first. @return {x, y, layer} or null (outside the map, or no picture yet)
 */
export function cellAt(clientX, clientY) {
    const map = live.mapData;
    if (!geometry || !map) {
        return null;
    }
    const box = el.view.getBoundingClientRect();
    const shownW = el.view.clientWidth;
    const shownH = el.view.clientHeight;
    if (shownW <= 0 || shownH <= 0) {
        return null;
    }
    const cx = (clientX - box.left - el.view.clientLeft) * el.view.width / shownW;
    const cy = (clientY - box.top - el.view.clientTop) * el.view.height / shownH;
    const x = Math.floor((cx - geometry.originX) / geometry.cell);
    const y = Math.floor((cy - geometry.originY) / geometry.cell);
    if (x < 0 || y < 0 || x >= map.width || y >= map.height) {
        return null;
    }
    return {x, y, layer: geometry.layer};
}

window.addEventListener('resize', requestRender);
