/*
 * Rejoining after a lost connection: backoff 0.5 s, 1 s, 2 s, 4 s, then every 5 s, into the world the player wants
 * to be in (or just the director, in the lobby). A world is entered through `useEnterGame`'s function (game-link.js's
 * enterGame, handed over by app.js: game-link.js starts and stops the backoff).
 */
import {describe, live, lor, say, session, setConnection} from './page.js';
import {ensureDirector, joinThroughDirector} from './director-link.js';
import {enterLobby, toLogin} from './lobby.js';
import {dropPrediction} from './world-map.js';
import {clearInput} from './input.js';

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 5000];

let reconnectTimer = null;
let reconnectAttempt = 0;
/** game-link.js's enterGame. */
let enterGame = null;

export function useEnterGame(enter) {
    enterGame = enter;
}

export function cancelReconnect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
}

/** Backoff 0.5 s, 1 s, 2 s, 4 s, then every 5 s: rejoin the wanted world (or just the director in the lobby). */
export function scheduleReconnect() {
    if (session.halted || reconnectTimer !== null) {
        return;
    }
    const delay = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt, RECONNECT_DELAYS_MS.length - 1)];
    reconnectAttempt++;
    if (session.targetWorld) {
        live.game = null;
        dropPrediction();
        clearInput();
    }
    setConnection('reconnecting');
    reconnectTimer = setTimeout(reconnect, delay);
}

async function reconnect() {
    reconnectTimer = null;
    const worldId = session.targetWorld;
    lor.reconnects++;
    try {
        if (!worldId) {
            await ensureDirector();
            reconnectAttempt = 0;
            say('');
            enterLobby();
            return;
        }
        const joined = await joinThroughDirector(worldId);
        if (session.targetWorld !== worldId || session.halted) {
            return;
        }
        await enterGame(joined.worldId || worldId, joined.gameUrl, joined.ticket);
        say('Reconnected to ' + worldId + '.');
    } catch (e) {
        if (session.halted || session.targetWorld !== worldId) {
            return;
        }
        if (e.code === 'bad_token' || e.code === 'not_authenticated') {
            toLogin(describe(e));
            return;
        }
        if (e.code === 'unknown_world') {
            enterLobby();
            say(describe(e), 'error');
            return;
        }
        const next = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt, RECONNECT_DELAYS_MS.length - 1)];
        say('Still disconnected (' + describe(e) + '); trying again in ' + (next / 1000) + ' s…',
            'error');
        scheduleReconnect();
    }
}

/** A world welcomed the page: the next loss starts the backoff from its first delay. */
export function resetBackoff() {
    reconnectAttempt = 0;
}
