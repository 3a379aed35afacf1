/*
 * The browser client's side of a world's content pack: the objects, clock and inventory of binary world frames
 * (`WorldTracker`, as protocol's lor.protocol.game.binary.WorldTracker), and the panel a player builds, fills and
 * empties objects with, by keyboard, mouse or touch (`Panel`). (The field the clock transmutes is sim-core's own:
 * predictor.js.)
 */
import * as F from './frames.js';

const KIND_WORLD = 2;
const WORLD_RESET = 1;
const WORLD_LINE = 2;
const WORLD_INVENTORY = 4;

/** The lists of a pack, by index, as the binary frames name things. */
function names(content) {
    const lines = ((content.clock || {}).lines || []).slice();
    return {
        kinds: (content.objects || []).map((k) => k.kind),
        items: (content.items || []).slice(),
        recipes: (content.recipes || []).map((r) => r.id),
        lines: lines.length > 0 ? lines : ['always'],
    };
}

/** Objects, line and inventory rebuilt from world frames; `merge` adds them to a StateTracker's state. */
class WorldTracker {

    constructor(content) {
        this.names = names(content);
        this.objects = new Map();
        this.line = 0;
        this.inventory = null;
        this.inventoryFresh = false;
    }

    /** Whether a binary frame is a world frame (else it is a state frame). */
    static isWorldFrame(data) {
        const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : data;
        return bytes.length > 0 && bytes[0] === KIND_WORLD;
    }

    apply(data) {
        const r = new F.FrameReader(data);
        if (r.u8() !== KIND_WORLD) {
            throw new Error('world frame: wrong kind');
        }
        const tick = r.varint();
        const flags = r.u8();
        const line = (flags & WORLD_LINE) !== 0 ? this.index(r.int(), this.names.lines, 'line') : this.line;
        const carried = (flags & WORLD_INVENTORY) !== 0 ? this.counts(r) : null;
        const removed = [];
        for (let i = 0, n = r.int(); i < n; i++) {
            removed.push(r.int());
        }
        const updated = [];
        for (let i = 0, n = r.int(); i < n; i++) {
            const id = r.int();
            const kind = this.index(r.int(), this.names.kinds, 'kind');
            const x = r.int();
            const y = r.int();
            const layer = r.int();
            const recipe = r.int() - 1;
            const progress = r.int();
            const ticks = r.int();
            updated.push({id, kind, x, y, layer, recipe, progress, ticks, tick, stock: this.counts(r)});
        }
        if (r.remaining > 0) {
            throw new Error('world frame: ' + r.remaining + ' bytes after the last object');
        }
        if ((flags & WORLD_RESET) !== 0) {
            this.objects.clear();
        }
        removed.forEach((id) => this.objects.delete(id));
        updated.forEach((o) => this.objects.set(o.id, o));
        this.line = line;
        if (carried) {
            this.inventory = carried;
            this.inventoryFresh = true;
        }
    }

    /** The state with `objects`, `clock` and (once after a change) `inventory`, as JSON carries them. */
    merge(state) {
        const objects = Array.from(this.objects.values(), (o) => ({
            id: o.id, kind: this.names.kinds[o.kind], x: o.x, y: o.y, layer: o.layer,
            recipe: o.recipe < 0 ? null : this.names.recipes[o.recipe],
            progress: o.ticks === 0 ? 0 : Math.min(o.ticks, o.progress + Math.max(0, state.tick - o.tick)),
            stock: o.stock,
        }));
        objects.sort((a, b) => a.id - b.id);
        const merged = Object.assign({}, state, {objects, clock: {line: this.names.lines[this.line],
            tick: state.tick}});
        if (this.inventoryFresh) {
            merged.inventory = this.inventory;
            this.inventoryFresh = false;
        }
        return merged;
    }

    counts(r) {
        const counts = {};
        for (let i = 0, n = r.int(); i < n; i++) {
            counts[this.names.items[this.index(r.int(), this.names.items, 'item')]] = r.int();
        }
        return counts;
    }

    index(value, list, what) {
        if (value < 0 || value >= list.length) {
            throw new Error('world frame: ' + what + ' ' + value + ' is not in the pack');
        }
        return value;
    }
}

const OBJECT_COLOURS = ['#8b5a2b', '#6b6f7d', '#a0522d', '#2e8b57', '#7b68ee', '#b8860b'];

/** Objects on a layer: a square per object in its kind's colour, its initial, a bar while a recipe runs. */
function drawObjects(ctx, content, objects, originX, originY, layer, cellPx) {
    const kinds = (content.objects || []).map((k) => k.kind);
    const recipes = new Map((content.recipes || []).map((r) => [r.id, r.ticks]));
    ctx.font = 'bold ' + Math.floor(cellPx * 0.55) + 'px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const o of objects) {
        if (o.layer !== layer) {
            continue;
        }
        const px = originX + o.x * cellPx;
        const py = originY + o.y * cellPx;
        // One only the prediction has built yet is drawn paler until the server's state has it.
        ctx.globalAlpha = o.predicted ? 0.55 : 1;
        ctx.fillStyle = OBJECT_COLOURS[Math.max(0, kinds.indexOf(o.kind)) % OBJECT_COLOURS.length];
        ctx.fillRect(px + 1, py + 1, cellPx - 2, cellPx - 2);
        ctx.fillStyle = '#ffffff';
        ctx.fillText(o.kind.charAt(0).toUpperCase(), px + cellPx / 2, py + cellPx / 2 + 1);
        ctx.globalAlpha = 1;
        const ticks = recipes.get(o.recipe);
        if (o.progress > 0 && ticks) {
            ctx.fillStyle = '#ffd23f';
            ctx.fillRect(px + 1, py + cellPx - 3, Math.round((cellPx - 2) * o.progress / ticks), 2);
        }
    }
    ctx.textBaseline = 'alphabetic';
}

const SIDES = ['N', 'E', 'S', 'W'];
const STEP = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]};

/**
 * The panel beside the map: the clock, the inventory (click an item to choose what to put), the object kinds
 * (click one to choose what to build), the side the player acts on, and the actions. Keys: B build, P put one,
 * T take all of the first item, R next recipe, X dismantle, 1-9 choose a kind, I next item, F turn.
 */
class Panel {

    /** @param send function(message without seq): sends an intent; returns whether it went out */
    constructor(root, send) {
        this.root = root;
        this.send = send;
        this.content = null;
        this.inventory = {};
        this.kind = null;
        this.item = null;
        this.side = 'E';
        this.state = null;
        this.at = null;
        this.markup = null;
    }

    /** A world with a content pack was entered (null: one without; the panel hides). */
    setContent(content, inventory) {
        this.content = content;
        this.inventory = inventory || {};
        this.root.hidden = !content;
        if (!content) {
            return;
        }
        const kinds = (content.objects || []).map((k) => k.kind);
        this.kind = kinds[0] || null;
        this.item = null;
        this.render();
    }

    /** Every state: what is around, the clock, the inventory when it changed. */
    onState(state, at) {
        if (!this.content) {
            return;
        }
        this.state = state;
        this.at = at;
        if (state.inventory) {
            this.inventory = state.inventory;
        }
        this.render();
    }

    /** The player stepped: it now faces that way. */
    faced(dir) {
        this.side = dir;
        if (this.content) {
            this.render();
        }
    }

    /** The object on the side the player faces, or null. */
    facing() {
        if (!this.state || !this.at) {
            return null;
        }
        const [dx, dy] = STEP[this.side];
        const x = this.at.x + dx;
        const y = this.at.y + dy;
        return (this.state.objects || []).find((o) => o.x === x && o.y === y && o.layer === this.at.layer)
            || null;
    }

    /** @return whether the key was one of the panel's */
    key(event) {
        if (!this.content) {
            return false;
        }
        const k = event.key.toLowerCase();
        if (k >= '1' && k <= '9') {
            const kinds = this.content.objects || [];
            const i = Number(k) - 1;
            if (i < kinds.length) {
                this.kind = kinds[i].kind;
                this.render();
            }
            return true;
        }
        const actions = {b: 'build', p: 'put', t: 'take', r: 'recipe', x: 'dismantle', i: 'item', f: 'turn'};
        if (!actions[k]) {
            return false;
        }
        this.act(actions[k]);
        return true;
    }

    act(action) {
        const dir = this.side;
        const target = this.facing();
        switch (action) {
            case 'build':
                return this.kind && this.send({type: 'build', kind: this.kind, dir});
            case 'put': {
                const item = this.item || Object.keys(this.inventory)[0];
                return item && this.send({type: 'put', dir, item, count: 1});
            }
            case 'take': {
                const first = target && Object.entries(target.stock || {})[0];
                return first && this.send({type: 'take', dir, item: first[0], count: first[1]});
            }
            case 'recipe': {
                const kind = target && (this.content.objects || []).find((k) => k.kind === target.kind);
                const recipes = (kind && kind.recipes) || [];
                if (recipes.length === 0) {
                    return false;
                }
                const next = recipes[(recipes.indexOf(target.recipe) + 1) % recipes.length];
                return this.send({type: 'set_recipe', dir, recipe: next});
            }
            case 'dismantle':
                return target && this.send({type: 'dismantle', dir});
            case 'item': {
                const items = Object.keys(this.inventory);
                this.item = items.length === 0 ? null : items[(items.indexOf(this.item) + 1) % items.length];
                this.render();
                return false;
            }
            case 'turn':
                this.side = SIDES[(SIDES.indexOf(this.side) + 1) % 4];
                this.render();
                return false;
            default:
                return false;
        }
    }

    render() {
        const target = this.facing();
        const clock = this.state && this.state.clock ? this.state.clock.line : '';
        const entries = Object.entries(this.inventory);
        const html = [];
        html.push('<p class="hint">Act on the cell you face: <kbd>B</kbd> build, <kbd>P</kbd> put one, '
            + '<kbd>T</kbd> take, <kbd>R</kbd> recipe, <kbd>X</kbd> dismantle; <kbd>1</kbd>-<kbd>9</kbd> choose '
            + 'what to build, <kbd>I</kbd> what to put, <kbd>F</kbd> turn. Or tap the buttons.</p>');
        html.push('<p class="clock">Clock: <strong data-line="' + esc(clock) + '">' + esc(clock) + '</strong></p>');
        html.push('<p class="inventory-title">Carrying</p><ul class="inventory">');
        for (const [item, n] of entries) {
            html.push('<li><button type="button" data-item="' + esc(item) + '"'
                + (item === this.item ? ' aria-pressed="true"' : '') + '>' + esc(item) + ' × ' + n
                + '</button></li>');
        }
        if (entries.length === 0) {
            html.push('<li class="empty">nothing</li>');
        }
        html.push('</ul><p class="inventory-title">Build</p><div class="kinds">');
        (this.content.objects || []).forEach((k, i) => {
            const cost = Object.entries(k.cost || {}).map(([item, n]) => n + ' ' + item).join(', ');
            html.push('<button type="button" data-kind="' + esc(k.kind) + '"'
                + (k.kind === this.kind ? ' aria-pressed="true"' : '') + ' title="' + esc(cost) + '">'
                + (i + 1) + ' ' + esc(k.kind) + '</button>');
        });
        html.push('</div><p class="inventory-title">Facing <span class="sides">');
        for (const s of SIDES) {
            const pressed = s === this.side ? ' aria-pressed="true"' : '';
            html.push('<button type="button" data-side="' + s + '"' + pressed + '>' + s + '</button>');
        }
        html.push('</span></p><p class="facing">' + (target ? describe(target) : 'nothing there') + '</p>');
        html.push('<div class="actions">');
        for (const [action, label] of [['build', 'Build (B)'], ['put', 'Put (P)'], ['take', 'Take (T)'],
            ['recipe', 'Recipe (R)'], ['dismantle', 'Dismantle (X)']]) {
            html.push('<button type="button" data-action="' + action + '">' + label + '</button>');
        }
        html.push('</div>');
        // States come ten times a second: the panel is rewritten only when what it shows changed, so that a
        // button under a finger or a pointer stays the same element from press to release.
        const markup = html.join('');
        if (markup !== this.markup) {
            this.markup = markup;
            this.root.innerHTML = markup;
        }
    }

    /** Clicks (and taps) on the panel's buttons. */
    onClick(event) {
        const b = event.target.closest('button');
        if (!b) {
            return;
        }
        if (b.dataset.item) {
            this.item = b.dataset.item;
            this.render();
        } else if (b.dataset.kind) {
            this.kind = b.dataset.kind;
            this.render();
        } else if (b.dataset.side) {
            this.side = b.dataset.side;
            this.render();
        } else if (b.dataset.action) {
            this.act(b.dataset.action);
        }
    }
}

function describe(o) {
    const stock = Object.entries(o.stock || {}).map(([item, n]) => n + ' ' + item).join(', ') || 'empty';
    const recipe = o.recipe ? ' · ' + o.recipe + (o.progress > 0 ? ' (running)' : '') : '';
    return esc(o.kind) + recipe + ' · ' + esc(stock);
}

function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;',
        "'": '&#39;'})[c]);
}

export {WorldTracker, drawObjects, Panel, names};
