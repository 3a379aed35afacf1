/*
 * The operator page: every world with its process, players, tick figures and last snapshot, refreshed every
 * second from GET /api/admin/worlds, a graceful stop per world (POST /api/admin/worlds/{id}/stop), clearing a
 * failed one, and removing a stopped one (DELETE /api/admin/worlds/{id}). The token is sent as
 * "Authorization: Bearer …" and kept in sessionStorage (this tab only). The forms that create worlds and templates
 * are in admin-registry.js, which uses what this file exports as LorAdmin.
 */
(function () {
    'use strict';

    const TOKEN_KEY = 'lor.adminToken';
    const REFRESH_MS = 1000;
    const STOPPABLE = new Set(['starting', 'running']);
    const REMOVABLE = new Set(['stopped', 'failed']);

    const el = {
        form: document.getElementById('token-form'),
        token: document.getElementById('token'),
        connect: document.getElementById('connect'),
        forget: document.getElementById('forget'),
        message: document.getElementById('message'),
        updated: document.getElementById('updated'),
        body: document.querySelector('#worlds tbody'),
        registry: document.getElementById('registry'),
    };

    const NO_TOKEN_HINT = 'Enter the admin token the director was started with (--admin-token) to see its worlds.';
    let token = sessionStorage.getItem(TOKEN_KEY);
    let timer = null;
    /** Rows by world id, updated in place so that a button is never replaced under the operator's pointer. */
    const rows = new Map();
    /** Worlds with a stop request in flight. */
    const stopping = new Set();
    /** Told the world list after every refresh (the change form's choice of worlds). */
    const worldListeners = [];

    function say(text, kind) {
        el.message.textContent = text || '';
        el.message.dataset.kind = kind || (text ? 'info' : '');
    }

    async function call(method, path, json) {
        const headers = {Authorization: 'Bearer ' + token, Accept: 'application/json'};
        if (json !== undefined) {
            headers['Content-Type'] = 'application/json';
        }
        const response = await fetch(path, {
            method,
            headers,
            cache: 'no-store',
            body: json === undefined ? undefined : JSON.stringify(json),
        });
        let body = null;
        try {
            body = await response.json();
        } catch (e) {
            body = null;
        }
        return {status: response.status, body};
    }

    function schedule() {
        clearTimeout(timer);
        timer = setTimeout(refresh, REFRESH_MS);
    }

    async function refresh() {
        if (!token) {
            return;
        }
        try {
            const answer = await call('GET', '/api/admin/worlds');
            if (answer.status === 401) {
                signOut('The director refused this token.');
                return;
            }
            if (answer.status !== 200 || !Array.isArray(answer.body)) {
                say('Unexpected answer from the director: HTTP ' + answer.status, 'error');
            } else {
                render(answer.body);
                worldListeners.forEach((listener) => listener(answer.body));
                el.registry.hidden = false;
                el.updated.textContent = 'updated ' + new Date().toLocaleTimeString();
                if (el.message.dataset.kind === 'error' && el.message.textContent.startsWith('Cannot reach')) {
                    say('');
                }
            }
        } catch (e) {
            say('Cannot reach the director: ' + e.message, 'error');
        }
        if (token) {
            schedule();
        }
    }

    function ms(seconds) {
        return seconds == null ? '–' : (seconds * 1000).toFixed(2);
    }

    function text(value) {
        return value == null ? '–' : String(value);
    }

    function age(seconds) {
        if (seconds == null) {
            return '–';
        }
        return seconds < 120 ? seconds.toFixed(1) + ' s' : Math.round(seconds / 60) + ' min';
    }

    function cellsOf(tr) {
        return tr.querySelectorAll('td');
    }

    function makeRow(worldId) {
        const tr = document.createElement('tr');
        tr.dataset.world = worldId;
        const classes = ['name', 'status', 'num pid', 'num players', 'num tick', 'num p50', 'num p99', 'num max',
            'num overruns', 'num seq', 'num age', 'action'];
        for (const c of classes) {
            const td = document.createElement('td');
            td.className = c;
            tr.appendChild(td);
        }
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'stop';
        button.dataset.world = worldId;
        button.textContent = 'Stop';
        button.addEventListener('click', () => act(worldId, button, ACTIONS[button.dataset.action || 'stop']));
        tr.lastChild.appendChild(button);
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'remove';
        remove.textContent = 'Remove';
        remove.addEventListener('click', () => {
            if (window.confirm('Remove ' + worldId + ' and all its snapshots? This cannot be undone.')) {
                act(worldId, remove, ACTIONS.remove);
            }
        });
        tr.lastChild.appendChild(remove);
        return tr;
    }

    function render(worlds) {
        const seen = new Set();
        for (const w of worlds) {
            seen.add(w.worldId);
            let tr = rows.get(w.worldId);
            if (!tr) {
                tr = makeRow(w.worldId);
                rows.set(w.worldId, tr);
                el.body.appendChild(tr);
            }
            const td = cellsOf(tr);
            td[0].textContent = w.name && w.name !== w.worldId ? w.name + ' (' + w.worldId + ')' : w.worldId;
            td[1].textContent = w.status === 'failed' && w.failure ? 'failed: ' + w.failure : w.status;
            td[1].dataset.status = w.status;
            td[2].textContent = text(w.pid);
            td[3].textContent = text(w.players);
            td[4].textContent = text(w.tick);
            td[5].textContent = ms(w.tickP50);
            td[6].textContent = ms(w.tickP99);
            td[7].textContent = ms(w.tickMax);
            td[8].textContent = text(w.overruns);
            td[9].textContent = text(w.lastSnapshotSeq);
            td[10].textContent = age(w.lastSnapshotAgeSeconds);
            const button = tr.querySelector('button.stop');
            if (w.status === 'failed') {
                button.dataset.action = 'clear';
                button.textContent = 'Clear';
                button.disabled = stopping.has(w.worldId);
                button.title = 'let the next join start this world again';
            } else {
                button.dataset.action = 'stop';
                button.textContent = 'Stop';
                button.disabled = !STOPPABLE.has(w.status) || stopping.has(w.worldId);
                button.title = button.disabled ? 'only a starting or running world can be stopped'
                    : 'stop gracefully: players leave, a final snapshot is saved, the process exits';
            }
            const remove = tr.querySelector('button.remove');
            remove.disabled = !REMOVABLE.has(w.status) || stopping.has(w.worldId);
            remove.title = remove.disabled ? 'stop the world before removing it'
                : 'remove the world and its snapshots';
        }
        for (const [worldId, tr] of rows) {
            if (!seen.has(worldId)) {
                tr.remove();
                rows.delete(worldId);
            }
        }
    }

    const ACTIONS = {
        stop: {
            method: 'POST', path: '/stop', ok: 202, doing: 'Stopping',
            done: (w) => 'Stopping ' + w + ': players are taken out and a final snapshot is saved.',
            conflict: (w) => w + ' is not running.'
        },
        clear: {
            method: 'POST', path: '/clear', ok: 200, doing: 'Clearing',
            done: (w) => 'Cleared ' + w + ': the next join starts it again.',
            conflict: (w) => w + ' has not failed.'
        },
        remove: {
            method: 'DELETE', path: '', ok: 200, doing: 'Removing',
            done: (w) => 'Removed ' + w + ' and its snapshots.',
            conflict: (w) => w + ' cannot be removed now.'
        }
    };

    async function act(worldId, button, action) {
        if (!token || button.disabled) {
            return;
        }
        button.disabled = true;
        stopping.add(worldId);
        try {
            const answer = await call(action.method, '/api/admin/worlds/' + encodeURIComponent(worldId)
                + action.path);
            if (answer.status === action.ok) {
                say(action.done(worldId));
            } else if (answer.status === 409) {
                say(answer.body && answer.body.error ? answer.body.error : action.conflict(worldId), 'error');
            } else if (answer.status === 404) {
                say('There is no world ' + worldId + '.', 'error');
            } else if (answer.status === 401) {
                signOut('The director refused this token.');
                return;
            } else {
                say(action.doing + ' ' + worldId + ' failed: HTTP ' + answer.status, 'error');
            }
        } catch (e) {
            say('Cannot reach the director: ' + e.message, 'error');
        } finally {
            stopping.delete(worldId);
        }
        refresh();
    }

    function signOut(reason) {
        clearTimeout(timer);
        token = null;
        sessionStorage.removeItem(TOKEN_KEY);
        el.forget.hidden = true;
        el.registry.hidden = true;
        for (const tr of rows.values()) {
            tr.remove();
        }
        rows.clear();
        el.updated.textContent = '';
        say((reason ? reason + ' ' : '') + NO_TOKEN_HINT, reason ? 'error' : 'info');
    }

    el.form.addEventListener('submit', (event) => {
        event.preventDefault();
        const value = el.token.value.trim();
        if (!value) {
            say('Enter the token the director was started with (--admin-token).', 'error');
            return;
        }
        token = value;
        sessionStorage.setItem(TOKEN_KEY, token);
        el.token.value = '';
        el.forget.hidden = false;
        say('');
        refresh();
    });

    el.forget.addEventListener('click', () => signOut('Token forgotten.'));

    window.LorAdmin = {
        call,
        say,
        refresh,
        signOut,
        hasToken: () => token != null,
        onWorlds: (listener) => worldListeners.push(listener),
    };

    if (token) {
        el.forget.hidden = false;
        refresh();
    } else {
        // Without a token the table stays empty: say why rather than show an empty table with no hint.
        say(NO_TOKEN_HINT);
    }
})();
