/*
 * The page's shared state and what every part does with it: the elements, the messages shown to the player,
 * `window.lor` (what tests and players can read), the session, the live connections, the status line, and which of
 * the login form, lobby and game shows. The client's other modules import what they use from here and from each
 * other; none imports a module that imports it back (app.js wires the few that need each other). index.html lists
 * which file holds what.
 */
import * as Status from './status.js';


export const REQUEST_TIMEOUT_MS = 15000;
/** join_world waits for a world process to start (a JVM, then hydration). */
export const JOIN_TIMEOUT_MS = 60000;
export const TOKEN_KEY = 'lor.token';
export const USER_KEY = 'lor.username';
/**
 * How state frames come: `binary` (the default: binary WebSocket frames, decoded by frames.js: StateTracker)
 * or `json` (text frames), chosen with `?encoding=json` in the page's address. Every other message is JSON text.
 */
export const ENCODING = new URLSearchParams(location.search).get('encoding') === 'json' ? 'json' : 'binary';

export const MESSAGES = {
    username_taken: 'That username is already taken.',
    invalid_username: 'A username is 3 to 32 letters, digits, "_" or "-".',
    weak_password: 'The password is too short: at least 8 characters.',
    bad_credentials: 'Wrong username or password.',
    bad_token: 'Your session has expired: please log in again.',
    not_authenticated: 'Please log in first.',
    unknown_world: 'There is no such world.',
    world_unavailable: 'The world is not available right now.',
    rate_limited: 'Too many requests at once: try again in a moment.',
    too_many_attempts: 'Too many failed logins: wait a little, then try again.',
    bad_ticket: 'The world refused the entry ticket.',
    replaced: 'You are playing in another tab or window; this one has stopped.',
    bad_request: 'The server did not understand a request.',
    internal_error: 'The server failed; try again.',
    timeout: 'The server did not answer in time.',
    closed: 'The connection closed.',
};

const $ = (id) => document.getElementById(id);
export const el = {
    status: $('status'), message: $('message'), who: $('who'), logout: $('logout'),
    loginPanel: $('login-panel'), form: $('login-form'), username: $('username'), password: $('password'),
    register: $('register'), login: $('login'),
    lobby: $('lobby'), worlds: document.querySelector('#worlds tbody'), refresh: $('refresh'),
    game: $('game'), view: $('view'), stats: $('stats'), leave: $('leave'), objects: $('objects'),
    actions: $('actions'), moduleLegend: $('module-legend'), attributes: $('attributes'),
};

/** What tests and players can read; plain data only. */
export const lor = {
    worldId: null,
    entityId: null,
    x: null,
    y: null,
    layer: null,
    connection: 'disconnected',
    entities: [],
    map: null,
    mispredictions: 0,
    /** The seq of the last intent found mispredicted (0 for none): where to look. */
    lastMispredicted: 0,
    /** States that acknowledged at least one intent (of this world's prediction). */
    reconciled: 0,
    authoritative: null,
    pending: 0,
    tick: null,
    ack: 0,
    states: 0,
    seq: 0,
    username: null,
    transfers: 0,
    reconnects: 0,
    lastRejected: null,
    /** The state encoding: the one asked for until a `welcome` says which one the world speaks. */
    encoding: ENCODING,
    /** Binary state frames decoded (all connections), and those that did not decode (each drops the connection). */
    binaryFrames: 0,
    decodeErrors: 0,
    /** The last states of this connection, oldest first: [{tick, ack, entities}], as `entities` was at each. */
    recent: [],
    /** In a world with a content pack: the pack (welcome's `content`), the objects in view, the clock, the
     * inventory; null and empty elsewhere. */
    content: null,
    objects: [],
    /**
     * When things happened, in ms of performance.now() (from the page's navigation): the simulation loaded and
     * the page started, the last welcome, and the first frame of that world drawn.
     */
    timings: {started: null, welcome: null, firstFrame: null},
    /** The objects drawn and offered by the panel: `objects` with the pending actions' changes predicted. */
    shownObjects: null,
    /** What the prediction has the player carry ({item: count}); `inventory` is the server's last word. */
    carried: null,
    clock: null,
    inventory: null,
    /** Tap-to-walk (walk.js): the walk under way, and how the last one ended. */
    walk: null,
    lastWalk: null,
    /** The labels drawn over other players in the canvas's last picture: [{id, text, x, y}] (canvas pixels of
     * the text's bottom centre), written as they are drawn. */
    labels: [],
    /** Usernames of the players in this world by entity id, as the world's `names` messages gave them. */
    names: Object.create(null),
    /** In a world that runs game modules: the last state's field cells ([{module, x, y, layer, value}]; entities
     * carry their `attrs`), and the last action sent with `lor.act(action, fields)`: {seq, action, predicted}. */
    fields: null,
    lastAct: null,
};
window.lor = lor;

export const session = {
    token: sessionStorage.getItem(TOKEN_KEY),
    username: sessionStorage.getItem(USER_KEY),
    /** The world the player wants to be in (survives drops), null in the lobby. */
    targetWorld: null,
    /** Set when the page must not reconnect on its own (replaced, logged out). */
    halted: false,
};

/**
 * The connections and the world as the page holds them now: the director link (director-link.js), the game
 * link of the world played in (game-link.js), its decoded map (world-map.js) and the prediction over it.
 */
export const live = {
    director: null,
    game: null,
    prediction: null,
    mapData: null,
    /** How the world's game modules are drawn (module-looks.js), from its welcome; null outside a world. */
    looks: null,
    /** A join_world is on its way: the director answers a connection's requests in order. */
    joinInFlight: false,
};

export function describe(error) {
    if (!error) {
        return '';
    }
    const code = error.code || '';
    return MESSAGES[code] || error.message || String(error);
}

export function say(text, kind) {
    el.message.textContent = text || '';
    el.message.dataset.kind = kind || (text ? 'info' : '');
}

/** render.js's requestRender, handed over by app.js. */
let connectionListener = null;

/** `listener` runs after each change of the connection's state: the canvas shows it too (render.js). */
export function onConnectionChange(listener) {
    connectionListener = listener;
}

export function setConnection(connection) {
    lor.connection = connection;
    updateStatus();
    connectionListener();
}

export function updateStatus() {
    Status.render(el.status, lor);
}

export function show(panel) {
    el.loginPanel.hidden = panel !== 'login';
    el.lobby.hidden = panel !== 'lobby';
    el.game.hidden = panel !== 'game';
    el.logout.hidden = panel === 'login';
    el.who.textContent = session.username && panel !== 'login' ? session.username : '';
}
