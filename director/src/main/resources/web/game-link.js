/*
 * Playing in a world: join_world through the director, the world's /game connection (hello, welcome, then its
 * messages), leaving it, its loss, and transfers to another world through a portal.
 */
import {ENCODING, MESSAGES, REQUEST_TIMEOUT_MS, describe, el, live, lor, say, session, setConnection, show}
    from './page.js';
import * as F from './frames.js';
import * as O from './objects.js';
import {joinThroughDirector} from './director-link.js';
import {enterLobby, stopLobbyRefresh, toLogin} from './lobby.js';
import {cancelReconnect, resetBackoff, scheduleReconnect} from './reconnect.js';
import {dropPrediction, onMap} from './world-map.js';
import {afterPrediction, controls, onBinaryState, onState, panel} from './world-state.js';
import {onWalkRejected} from './walk.js';
import {clearInput} from './input.js';
import {requestRender} from './render.js';
import {ModuleLooks} from './module-looks.js';

export async function joinWorld(worldId) {
    session.halted = false;
    session.targetWorld = worldId;
    stopLobbyRefresh();
    cancelReconnect();
    lor.worldId = worldId;
    setConnection('connecting');
    say('Joining ' + worldId + '… (a stopped world takes a few seconds to start)');
    for (const b of el.worlds.querySelectorAll('button[data-join]')) {
        b.disabled = true;
    }
    try {
        const joined = await joinThroughDirector(worldId);
        await enterGame(joined.worldId || worldId, joined.gameUrl, joined.ticket);
        say('');
    } catch (e) {
        if (session.targetWorld !== worldId) {
            return;
        }
        if (e.code === 'unknown_world' || e.code === 'not_authenticated' || e.code === 'bad_token') {
            if (e.code === 'unknown_world') {
                enterLobby();
                say(describe(e), 'error');
            } else {
                toLogin(describe(e));
            }
            return;
        }
        say('Could not join ' + worldId + ': ' + describe(e) + ' Retrying…', 'error');
        scheduleReconnect();
    }
}

/**
 * Opens a game connection and says hello. Resolves once `welcome` arrived (the connection is then current);
 * rejects if the socket fails, closes or answers an error first.
 */
export function enterGame(worldId, gameUrl, ticket) {
    return new Promise((resolve, reject) => {
        let socket;
        try {
            socket = new WebSocket(gameUrl);
        } catch (e) {
            reject({code: 'closed', message: String(e)});
            return;
        }
        socket.binaryType = 'arraybuffer';
        const link = {socket, worldId, welcomed: false, expectedClose: false, seq: 0, encoding: 'json',
            tracker: null, modules: [], lost: null};
        let settled = false;
        const fail = (error) => {
            if (!settled) {
                settled = true;
                link.expectedClose = true;
                try {
                    socket.close();
                } catch (ignored) {
                    // already closing
                }
                reject(error);
            }
        };
        const timer = setTimeout(() => fail({code: 'timeout', message: 'no welcome from the world'}),
            REQUEST_TIMEOUT_MS);
        // `names: true` asks the world for the other players' usernames (`names` messages) for their labels.
        socket.onopen = () => socket.send(JSON.stringify({type: 'hello', ticket, encoding: ENCODING,
            names: true}));
        socket.onmessage = (event) => {
            if (typeof event.data !== 'string') {
                if (link.welcomed) {
                    onBinaryState(link, event.data);
                }
                return;
            }
            let message;
            try {
                message = JSON.parse(event.data);
            } catch (e) {
                return;
            }
            if (!link.welcomed) {
                if (message.type === 'welcome') {
                    clearTimeout(timer);
                    settled = true;
                    link.welcomed = true;
                    adoptGame(link, message);
                    resolve(link);
                } else if (message.type === 'error') {
                    clearTimeout(timer);
                    fail({code: message.code, message: message.message});
                }
                return;
            }
            onGameMessage(link, message);
        };
        socket.onclose = (event) => {
            clearTimeout(timer);
            if (!link.welcomed) {
                fail({code: 'closed', message: 'the world closed the connection (' + event.code + ')'});
                return;
            }
            onGameClosed(link, event);
        };
    });
}

/** A welcomed game connection becomes the current one, with fresh world state. */
function adoptGame(link, welcome) {
    if (live.game && live.game !== link) {
        live.game.expectedClose = true;
        live.game.socket.close(1000);
    }
    live.game = link;
    session.targetWorld = link.worldId;
    resetBackoff();
    cancelReconnect();
    dropPrediction();
    live.mapData = null;
    lor.worldId = link.worldId;
    lor.timings.welcome = performance.now();
    lor.timings.firstFrame = null;
    lor.entityId = welcome.entityId;
    lor.tick = welcome.tick;
    lor.x = welcome.you.x;
    lor.y = welcome.you.y;
    lor.layer = welcome.you.layer;
    lor.authoritative = {x: welcome.you.x, y: welcome.you.y, layer: welcome.you.layer};
    lor.entities = [];
    lor.names = Object.create(null);
    lor.map = null;
    lor.ack = 0;
    lor.seq = 0;
    lor.pending = 0;
    lor.mispredictions = 0;
    lor.lastMispredicted = 0;
    lor.reconciled = 0;
    lor.recent = [];
    link.welcome = welcome;
    link.world = welcome.content ? new O.WorldTracker(welcome.content) : null;
    lor.content = welcome.content || null;
    lor.inventory = welcome.inventory || null;
    lor.objects = [];
    lor.shownObjects = null;
    lor.carried = null;
    lor.clock = null;
    lor.fields = null;
    lor.lastAct = null;
    panel.setContent(lor.content, lor.inventory);
    // A world that does not know the binary encoding answers without `encoding` and sends JSON states.
    link.encoding = welcome.encoding === 'binary' ? 'binary' : 'json';
    link.modules = Array.isArray(welcome.modules) ? welcome.modules : [];
    live.looks = new ModuleLooks(link.modules);
    live.looks.showLegend(el.moduleLegend);
    live.looks.showAttributes(el.attributes, null);
    controls.setModules(link.modules);
    lor.encoding = link.encoding;
    const grid = welcome.grid;
    if (link.encoding === 'binary' && grid && grid.width > 0 && grid.height > 0) {
        link.tracker = new F.StateTracker(grid.width, grid.height, link.modules);
    }
    clearInput();
    show('game');
    setConnection('connected');
    el.view.focus();
    requestRender();
}

export function clearWorld() {
    if (live.game) {
        live.game.expectedClose = true;
        try {
            live.game.socket.close(1000);
        } catch (ignored) {
            // already closed
        }
    }
    live.game = null;
    dropPrediction();
    live.mapData = null;
    live.looks = null;
    lor.entityId = null;
    lor.x = lor.y = lor.layer = null;
    lor.authoritative = null;
    lor.entities = [];
    lor.names = Object.create(null);
    lor.recent = [];
    lor.map = null;
    lor.pending = 0;
    lor.content = null;
    lor.objects = [];
    lor.shownObjects = null;
    lor.carried = null;
    lor.clock = null;
    lor.inventory = null;
    lor.fields = null;
    lor.lastAct = null;
    panel.setContent(null, null);
    controls.setModules([]);
    clearInput();
}

function onGameMessage(link, message) {
    if (link !== live.game) {
        return;
    }
    switch (message.type) {
        case 'map':
            onMap(link, message);
            break;
        case 'state':
            onState(message);
            break;
        case 'rejected':
            lor.lastRejected = {seq: message.seq, reason: message.reason};
            onWalkRejected(message.seq);
            if (live.prediction) {
                live.prediction.rejected(message.seq, message.reason);
                afterPrediction();
            }
            break;
        case 'transfer':
            transfer(link, message);
            break;
        case 'names':
            onNames(message.names);
            break;
        case 'error':
            onGameError(link, message);
            break;
        default:
            break;
    }
}

/**
 * Usernames by entity id: the whole list after `map`, then one per player who enters. Entity ids are never reused
 * in a world, so entries are only added; the map holds what this connection's world sent, and goes with it.
 */
function onNames(names) {
    if (!names || typeof names !== 'object') {
        return;
    }
    for (const [id, name] of Object.entries(names)) {
        if (typeof name === 'string') {
            lor.names[id] = name;
        }
    }
    requestRender();
}

function onGameError(link, message) {
    if (message.code === 'replaced') {
        link.expectedClose = true;
        halt(MESSAGES.replaced);
    } else if (message.code === 'world_unavailable') {
        // Either the world is shutting down (the connection closes next: see onGameClosed) or a portal could not
        // take the player (the connection stays: the player is still here, on the portal).
        link.unavailable = message.message || 'unavailable';
        say(describe(message) + (message.message ? ' (' + message.message + ')' : ''), 'error');
    } else if (message.code === 'rate_limited') {
        say('Too many moves at once; the world closed the connection. Reconnecting…', 'error');
    } else {
        say(describe(message), 'error');
    }
}

/** Another tab took over (or a fatal refusal): stop everything and say why. */
function halt(text) {
    session.halted = true;
    session.targetWorld = null;
    cancelReconnect();
    if (live.game) {
        live.game.expectedClose = true;
    }
    setConnection('disconnected');
    say(text, 'error');
}

function onGameClosed(link, event) {
    if (link !== live.game) {
        return;
    }
    if (event.code === 4001 && !session.halted) {
        // 4001: the account connected again elsewhere, even if the `replaced` error did not get through.
        halt(MESSAGES.replaced);
        return;
    }
    if (link.expectedClose || session.halted) {
        if (lor.connection !== 'transferring' && !session.targetWorld) {
            setConnection('disconnected');
        }
        return;
    }
    if (link.unavailable) {
        // The world closed after saying it is unavailable: it is stopping (an operator stopped it, or the
        // director is shutting down). Rejoining at once would start it again; the player chooses.
        enterLobby();
        say('World ' + link.worldId + ' has stopped (' + link.unavailable
            + '). Join it again to restart it.', 'error');
        return;
    }
    say('The connection to ' + link.worldId + ' was lost (' + (link.lost || event.code)
        + '); reconnecting…', 'error');
    scheduleReconnect();
}

// ---- transfers between worlds -------------------------------------------------------------------------

async function transfer(link, message) {
    const worldId = message.worldId;
    link.expectedClose = true;
    try {
        link.socket.close(1000);
    } catch (ignored) {
        // already closed
    }
    live.game = null;
    dropPrediction();
    live.mapData = null;
    live.looks = null;
    lor.transfers++;
    lor.worldId = worldId;
    lor.entities = [];
    lor.names = Object.create(null);
    lor.map = null;
    lor.entityId = null;
    session.targetWorld = worldId;
    clearInput();
    setConnection('transferring');
    say('Travelling to ' + worldId + '…');
    try {
        await enterGame(worldId, message.gameUrl, message.ticket);
        say('');
        return;
    } catch (e) {
        if (session.targetWorld !== worldId) {
            return;
        }
    }
    try {
        const joined = await joinThroughDirector(worldId);
        await enterGame(joined.worldId || worldId, joined.gameUrl, joined.ticket);
        say('');
    } catch (e) {
        if (session.targetWorld === worldId) {
            say('Could not enter ' + worldId + ': ' + describe(e) + ' Retrying…', 'error');
            scheduleReconnect();
        }
    }
}
