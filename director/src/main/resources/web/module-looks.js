/*
 * What a world's game modules add, drawn from what they declare in `welcome.modules` and nothing else: no module is
 * known here by name. A field cell is painted with its value's `colour` (a colour of the page's choosing, from the
 * value's name, when the module gives none); an attribute shown as a `bar` is a bar between its bounds under each
 * entity, one shown as a `number` is written in the status line for the own entity, a `hidden` one is not shown.
 * The side panel has the legend of the cell values (name and colour) and the own entity's attributes, bars as bars.
 */

/** The looks of a world's modules: built once per welcome. */
export class ModuleLooks {

    /** @param modules `welcome.modules` ([] or absent: a world without modules) */
    constructor(modules) {
        /** module name -> (cell value -> colour) */
        this.colours = new Map();
        /** [{module, name, min, max, show}] in welcome's order */
        this.attributes = [];
        for (const m of Array.isArray(modules) ? modules : []) {
            const byValue = new Map();
            for (const c of m.cells || []) {
                byValue.set(c.value, isColour(c.colour) ? c.colour : colourOf(m.name + '/' + c.name));
            }
            this.colours.set(m.name, byValue);
            for (const a of m.attributes || []) {
                const show = a.show === 'bar' || a.show === 'hidden' ? a.show : 'number';
                this.attributes.push({module: m.name, name: a.name, min: a.min, max: a.max, show});
            }
        }
        this.modules = Array.from(this.colours.keys());
        /** [{name, colour}] of every declared cell value, for the legend */
        this.legend = [];
        for (const m of Array.isArray(modules) ? modules : []) {
            for (const c of m.cells || []) {
                this.legend.push({name: c.name, colour: this.colours.get(m.name).get(c.value)});
            }
        }
        /** The attributes last shown in the panel, as text: the panel changes only when they do. */
        this.shownAttributes = null;
    }

    /** Fills the side panel's legend with the modules' cell values (hidden in a world without any). */
    showLegend(list) {
        list.replaceChildren(...this.legend.map((entry) => {
            const item = document.createElement('li');
            const swatch = document.createElement('span');
            swatch.className = 'swatch';
            swatch.style.background = entry.colour;
            item.append(swatch, entry.name);
            return item;
        }));
        list.hidden = this.legend.length === 0;
    }

    /** The own entity's attributes in the side panel: a bar (a meter between its bounds) or a number each. */
    showAttributes(list, attrs) {
        const shown = this.attributes.filter((a) => a.show !== 'hidden' && attrs && typeof attrs[a.name] === 'number');
        const text = shown.map((a) => a.name + '=' + attrs[a.name]).join(' ');
        if (text === this.shownAttributes) {
            return;
        }
        this.shownAttributes = text;
        list.replaceChildren(...shown.map((a) => {
            const item = document.createElement('li');
            item.dataset.attribute = a.name;
            item.append(a.name + ' ');
            if (a.show === 'bar') {
                const meter = document.createElement('meter');
                meter.min = a.min;
                meter.max = a.max;
                meter.value = attrs[a.name];
                meter.low = a.min + (a.max - a.min) * 0.25;
                meter.high = a.min + (a.max - a.min) * 0.5;
                meter.optimum = a.max;
                item.append(meter, ' ' + attrs[a.name] + '/' + a.max);
            } else {
                item.append(String(attrs[a.name]));
            }
            return item;
        }));
        list.hidden = shown.length === 0;
    }

    get empty() {
        return this.modules.length === 0;
    }

    /** The colour of a module's cell value, or null for an empty cell or one the module does not declare. */
    colour(module, value) {
        const byValue = this.colours.get(module);
        return value !== 0 && byValue ? byValue.get(value) || null : null;
    }

    /**
     * Paints the modules' field cells over the map: `cellOf(module, x, y)` says each visible cell's value (the
     * prediction's, which shows a cast at once). Cells are inset a little so the terrain under them still shows.
     */
    drawFields(ctx, cellOf, layer, x0, y0, x1, y1, originX, originY, cell) {
        for (const module of this.modules) {
            for (let y = y0; y <= y1; y++) {
                for (let x = x0; x <= x1; x++) {
                    const colour = this.colour(module, cellOf(module, x, y, layer));
                    if (colour) {
                        ctx.fillStyle = colour;
                        ctx.fillRect(originX + x * cell + 1, originY + y * cell + 1, cell - 2, cell - 2);
                    }
                }
            }
        }
    }

    /** The bars under an entity drawn at (px, py) (its label, if any, is above it): one per attribute shown as a
     * bar, stacked downwards. */
    drawBars(ctx, attrs, px, py, cell) {
        if (!attrs) {
            return;
        }
        let row = 0;
        for (const a of this.attributes) {
            const value = attrs[a.name];
            if (a.show !== 'bar' || typeof value !== 'number' || a.max <= a.min) {
                continue;
            }
            const share = Math.max(0, Math.min(1, (value - a.min) / (a.max - a.min)));
            const y = py + cell + 1 + row * 4;
            ctx.fillStyle = BAR_BACK;
            ctx.fillRect(px, y, cell, 3);
            ctx.fillStyle = share > 0.5 ? BAR_HIGH : share > 0.25 ? BAR_MID : BAR_LOW;
            ctx.fillRect(px, y, Math.round(cell * share), 3);
            row++;
        }
    }

    /** The own entity's attributes shown as numbers (and bars, by value), for the status line: "hp 80/100". */
    describe(attrs) {
        if (!attrs) {
            return '';
        }
        return this.attributes.filter((a) => a.show !== 'hidden' && typeof attrs[a.name] === 'number')
            .map((a) => a.name + ' ' + attrs[a.name] + (a.show === 'bar' ? '/' + a.max : ''))
            .join(' · ');
    }
}

const BAR_BACK = '#1b1b1b';
const BAR_HIGH = '#4cd964';
const BAR_MID = '#ffcc00';
const BAR_LOW = '#ff3b30';

function isColour(text) {
    return typeof text === 'string' && /^#[0-9a-fA-F]{6}$/.test(text);
}

/** A steady colour for a name: its hue from a hash of the name, so a value keeps its colour from one visit to the next. */
function colourOf(name) {
    let h = 0;
    for (let i = 0; i < name.length; i++) {
        h = (h * 31 + name.charCodeAt(i)) | 0;
    }
    return 'hsl(' + (((h % 360) + 360) % 360) + ', 70%, 50%)';
}
