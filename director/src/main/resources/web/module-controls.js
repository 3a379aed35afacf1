/*
 * The game modules' actions as controls, from what the modules declare in `welcome.modules` and nothing else: a
 * button and a key per action; its fields from the page's state where there is one (`dir`: the side the player
 * faces; `item`: the item chosen in the objects panel, else the first carried; `kind`: the kind chosen there) and
 * from a picker beside the button for the others (`enum`: its values; `int`: its bounds). Works with taps alike.
 */

/** Keys the page uses already: moves (WASD, arrows), the objects panel (B P T R X I F, 1-9), Enter and Space. */
const TAKEN = new Set(['w', 'a', 's', 'd', 'b', 'p', 't', 'r', 'x', 'i', 'f', ' ']);
const SPARE = 'cegjklmnoquvyzh';

export class ModuleControls {

    /**
     * @param root the element the controls go in (hidden in a world without module actions)
     * @param send function(action, fields): sends a module action; returns whether it went out
     * @param panel the objects panel: the side the player faces, the item and kind chosen
     */
    constructor(root, send, panel) {
        this.root = root;
        this.send = send;
        this.panel = panel;
        this.actions = [];
        /** action name -> field name -> the picker's value */
        this.picked = new Map();
        root.addEventListener('click', (event) => {
            const button = event.target.closest('button[data-module-action]');
            if (button) {
                this.act(button.dataset.moduleAction);
            }
        });
        root.addEventListener('change', (event) => {
            const picker = event.target.closest('[data-field]');
            if (picker) {
                const field = picker.dataset.field;
                const action = picker.dataset.forAction;
                const value = picker.type === 'number' ? Number(picker.value) : picker.value;
                this.picked.get(action).set(field, value);
            }
        });
    }

    /** A world was entered: its modules' actions (`welcome.modules`), [] for none. */
    setModules(modules) {
        this.actions = [];
        this.picked = new Map();
        const used = new Set(TAKEN);
        for (const m of Array.isArray(modules) ? modules : []) {
            for (const a of m.actions || []) {
                const key = keyFor(a.name, used);
                used.add(key);
                const fields = Object.entries(a.fields || {}).map(([name, spec]) => ({name, spec}));
                this.actions.push({name: a.name, key, fields});
                const picks = new Map();
                for (const f of fields) {
                    if (f.spec.type === 'enum' && Array.isArray(f.spec.values) && f.spec.values.length > 0) {
                        picks.set(f.name, f.spec.values[0]);
                    } else if (f.spec.type === 'int') {
                        picks.set(f.name, Math.max(f.spec.min ?? 0, Math.min(f.spec.max ?? 0, 0)));
                    }
                }
                this.picked.set(a.name, picks);
            }
        }
        this.root.hidden = this.actions.length === 0;
        this.render();
    }

    /** @return whether the key was one of the actions' (it then acted) */
    key(event) {
        const k = (event.key || '').toLowerCase();
        const action = this.actions.find((a) => a.key === k);
        if (!action) {
            return false;
        }
        this.act(action.name);
        return true;
    }

    /** Sends an action with its fields as the page's state and the pickers have them. @return whether it went out */
    act(name) {
        const action = this.actions.find((a) => a.name === name);
        if (!action) {
            return false;
        }
        const fields = {};
        for (const f of action.fields) {
            const value = this.valueOf(action, f);
            if (value === null || value === undefined) {
                return false; // nothing to fill it with (no item carried, no kind chosen)
            }
            fields[f.name] = value;
        }
        return this.send(action.name, fields);
    }

    valueOf(action, field) {
        switch (field.spec.type) {
            case 'dir':
                return this.panel.side;
            case 'item':
                return this.panel.item || Object.keys(this.panel.inventory || {})[0] || null;
            case 'kind':
                return this.panel.kind;
            default:
                return this.picked.get(action.name).get(field.name);
        }
    }

    render() {
        if (this.actions.length === 0) {
            this.root.innerHTML = '';
            return;
        }
        const html = ['<p class="hint">Actions on the side you face (<kbd>F</kbd> turns):</p><div class="actions">'];
        for (const a of this.actions) {
            html.push('<span class="module-action">');
            for (const f of a.fields) {
                html.push(picker(a, f, this.picked.get(a.name).get(f.name)));
            }
            html.push('<button type="button" data-module-action="' + esc(a.name) + '"><kbd>'
                + esc(a.key.toUpperCase()) + '</kbd> ' + esc(a.name) + '</button></span>');
        }
        html.push('</div>');
        this.root.innerHTML = html.join('');
    }
}

/** A picker for a field the page's state does not fill: a list for an `enum`, a number for an `int`. */
function picker(action, field, value) {
    const attrs = ' data-for-action="' + esc(action.name) + '" data-field="' + esc(field.name) + '" aria-label="'
        + esc(action.name + ' ' + field.name) + '"';
    if (field.spec.type === 'enum') {
        return '<select' + attrs + '>' + (field.spec.values || []).map((v) => '<option'
            + (v === value ? ' selected' : '') + '>' + esc(v) + '</option>').join('') + '</select>';
    }
    if (field.spec.type === 'int') {
        return '<input type="number"' + attrs + ' min="' + Number(field.spec.min) + '" max="'
            + Number(field.spec.max) + '" value="' + Number(value) + '">';
    }
    return '';
}

/** The action's first letter the page does not use yet, else a spare one. */
function keyFor(name, used) {
    for (const c of name.toLowerCase()) {
        if (c >= 'a' && c <= 'z' && !used.has(c)) {
            return c;
        }
    }
    for (const c of SPARE) {
        if (!used.has(c)) {
            return c;
        }
    }
    return '';
}

function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;',
        "'": '&#39;'}[c]));
}
