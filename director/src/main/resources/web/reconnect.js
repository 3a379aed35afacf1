/*
 * Rejoining after a lost connection: backoff 0.5 s, 1 s, 2 s, 4 s, then every 5 s, into the world the player wants
 * to be in (or just the director, in the lobby). Adds to `page`: cancelReconnect, scheduleReconnect, resetBackoff.
 */
import {page} from './page.js';

const {lor, session, live} = page;

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 5000];

let reconnectTimer = null;
let reconnectAttempt = 0;

function cancelReconnect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
}

/** Backoff 0.5 s, 1 s, 2 s, 4 s, then every 5 s: rejoin the wanted world (or just the director in the lobby). */
function scheduleReconnect() {
    if (session.halted || reconnectTimer !== null) {
        return;
    }
    const delay = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt, RECONNECT_DELAYS_MS.length - 1)];
    reconnectAttempt++;
    if (session.targetWorld) {
        live.game = null;
        page.dropPrediction();
        page.clearInput();
    }
    page.setConnection('reconnecting');
    reconnectTimer = setTimeout(reconnect, delay);
}

async function reconnect() {
    reconnectTimer = null;
    const worldId = session.targetWorld;
    lor.reconnects++;
    try {
        if (!worldId) {
            await page.ensureDirector();
            reconnectAttempt = 0;
            page.say('');
            page.enterLobby();
            return;
        }
        const joined = await page.joinThroughDirector(worldId);
        if (session.targetWorld !== worldId || session.halted) {
            return;
        }
        await page.enterGame(joined.worldId || worldId, joined.gameUrl, joined.ticket);
        page.say('Reconnected to ' + worldId + '.');
    } catch (e) {
        if (session.halted || session.targetWorld !== worldId) {
            return;
        }
        if (e.code === 'bad_token' || e.code === 'not_authenticated') {
            page.toLogin(page.describe(e));
            return;
        }
        if (e.code === 'unknown_world') {
            page.enterLobby();
            page.say(page.describe(e), 'error');
            return;
        }
        const next = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt, RECONNECT_DELAYS_MS.length - 1)];
        page.say('Still disconnected (' + page.describe(e) + '); trying again in ' + (next / 1000) + ' s…',
            'error');
        scheduleReconnect();
    }
}

/** A world welcomed the page: the next loss starts the backoff from its first delay. */
function resetBackoff() {
    reconnectAttempt = 0;
}

Object.assign(page, {cancelReconnect, scheduleReconnect, resetBackoff});
