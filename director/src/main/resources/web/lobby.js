/*
 * Logging in (or registering) and the lobby: the world list, refreshed every few seconds while it shows. Showing
 * the lobby or the login form leaves the world played in, through `useLeaveWorld`'s function (game-link.js's
 * clearWorld, handed over by app.js: game-link.js comes back here when a world sends the player away).
 */
import {TOKEN_KEY, USER_KEY, describe, el, live, lor, say, session, setConnection, show} from './page.js';
import {ensureDirector, openDirectorAnonymous} from './director-link.js';

const LOBBY_REFRESH_MS = 3000;

let lobbyTimer = null;
/** game-link.js's clearWorld. */
let leaveWorld = null;

export function useLeaveWorld(leave) {
    leaveWorld = leave;
}

export async function doLogin(register) {
    const username = el.username.value.trim();
    const password = el.password.value;
    setBusy(true);
    say(register ? 'Registering…' : 'Logging in…');
    try {
        const link = await openDirectorAnonymous();
        if (register) {
            await link.request({type: 'register', username, password});
        }
        const answer = await link.request({type: 'login', username, password});
        link.account = answer.accountId;
        session.token = answer.token;
        session.username = username;
        session.halted = false;
        sessionStorage.setItem(TOKEN_KEY, answer.token);
        sessionStorage.setItem(USER_KEY, username);
        el.password.value = '';
        say(register ? 'Registered and logged in as ' + username + '.' : 'Logged in as ' + username + '.');
        enterLobby();
    } catch (e) {
        say(describe(e), 'error');
    } finally {
        setBusy(false);
    }
}

function setBusy(busy) {
    el.login.disabled = busy;
    el.register.disabled = busy;
}

export function enterLobby() {
    session.targetWorld = null;
    leaveWorld();
    lor.worldId = null;
    setConnection(live.director && live.director.open ? 'connected' : 'disconnected');
    show('lobby');
    refreshWorlds();
    clearInterval(lobbyTimer);
    lobbyTimer = setInterval(() => {
        if (!el.lobby.hidden) {
            refreshWorlds();
        }
    }, LOBBY_REFRESH_MS);
}

export function stopLobbyRefresh() {
    clearInterval(lobbyTimer);
}

export async function refreshWorlds() {
    if (live.joinInFlight) {
        return; // the director answers a connection's requests in order: a join that spawns a world blocks it
    }
    try {
        const link = await ensureDirector();
        if (el.lobby.hidden) {
            return;
        }
        setConnection('connected');
        const answer = await link.request({type: 'list_worlds'});
        renderWorlds(answer.worlds || []);
    } catch (e) {
        if (e.code === 'bad_token') {
            toLogin(describe(e));
        }
    }
}

/** Rows by world id, updated in place: a periodic refresh never replaces a button under the pointer. */
const worldRows = new Map();

function renderWorlds(worlds) {
    const seen = new Set();
    for (const w of worlds) {
        seen.add(w.worldId);
        let tr = worldRows.get(w.worldId);
        if (!tr) {
            tr = document.createElement('tr');
            tr.dataset.world = w.worldId;
            for (const c of ['name', 'status', 'num players', 'action']) {
                const td = document.createElement('td');
                td.className = c;
                tr.appendChild(td);
            }
            const join = document.createElement('button');
            join.type = 'button';
            join.textContent = 'Join';
            join.dataset.join = w.worldId;
            tr.lastChild.appendChild(join);
            worldRows.set(w.worldId, tr);
            el.worlds.appendChild(tr);
        }
        const td = tr.querySelectorAll('td');
        td[0].textContent = w.name && w.name !== w.worldId ? w.name + ' (' + w.worldId + ')' : w.worldId;
        td[1].textContent = w.status;
        td[2].textContent = String(w.players);
        tr.querySelector('button[data-join]').disabled = live.joinInFlight;
    }
    for (const [worldId, tr] of worldRows) {
        if (!seen.has(worldId)) {
            tr.remove();
            worldRows.delete(worldId);
        }
    }
}

export function toLogin(text) {
    clearInterval(lobbyTimer);
    session.targetWorld = null;
    leaveWorld();
    lor.worldId = null;
    setConnection('disconnected');
    show('login');
    say(text || '', text ? 'error' : '');
    el.username.focus();
}
