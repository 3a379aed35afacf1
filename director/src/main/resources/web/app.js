/*
 * The Lor browser client: log in through the director's /ws, pick a world, play in it over the world's /game
 * socket with client-side prediction (prediction.js), follow transfers between worlds, and reconnect when a
 * connection drops. No framework, no build step; everything it needs is served by the director.
 *
 * State a test or a curious player can read: the #status element's data-* attributes and `window.lor`.
 */
(function () {
    'use strict';

    const P = window.LorPrediction;
    const O = window.LorObjects;

    /** Intents sent while a key is held: at most one per 100 ms (the server refuses more than 20 a second). */
    const MOVE_INTERVAL_MS = 100;
    const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 5000];
    const REQUEST_TIMEOUT_MS = 15000;
    /** join_world waits for a world process to start (a JVM, then hydration). */
    const JOIN_TIMEOUT_MS = 60000;
    const LOBBY_REFRESH_MS = 3000;
    /** States kept in `window.lor.recent` (five seconds of them). */
    const RECENT_STATES = 50;
    const CELL_PX = 12;
    const TOKEN_KEY = 'lor.token';
    /**
     * How state frames come: `binary` (the default: binary WebSocket frames, decoded by LorPrediction.StateTracker)
     * or `json` (text frames), chosen with `?encoding=json` in the page's address. Every other message is JSON text.
     */
    const ENCODING = new URLSearchParams(location.search).get('encoding') === 'json' ? 'json' : 'binary';
    const USER_KEY = 'lor.username';

    const MESSAGES = {
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
    };
    const TERRAIN_COLOURS = [COLOURS.floor, COLOURS.grass, COLOURS.water, COLOURS.road,
        COLOURS.floor, COLOURS.floor, COLOURS.floor, COLOURS.floor];

    const $ = (id) => document.getElementById(id);
    const el = {
        status: $('status'), message: $('message'), who: $('who'), logout: $('logout'),
        loginPanel: $('login-panel'), form: $('login-form'), username: $('username'), password: $('password'),
        register: $('register'), login: $('login'),
        lobby: $('lobby'), worlds: document.querySelector('#worlds tbody'), refresh: $('refresh'),
        game: $('game'), view: $('view'), stats: $('stats'), leave: $('leave'), objects: $('objects'),
    };
    const ctx = el.view.getContext('2d');
    /** The panel of a world with a content pack (hidden elsewhere); its intents go out as moves do. */
    const panel = new O.Panel(el.objects, (message) => sendAction(message));

    /** What tests and players can read; plain data only. */
    const lor = {
        worldId: null,
        entityId: null,
        x: null,
        y: null,
        layer: null,
        connection: 'disconnected',
        entities: [],
        map: null,
        mispredictions: 0,
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
        clock: null,
        inventory: null,
    };
    window.lor = lor;

    const session = {
        token: sessionStorage.getItem(TOKEN_KEY),
        username: sessionStorage.getItem(USER_KEY),
        /** The world the player wants to be in (survives drops), null in the lobby. */
        targetWorld: null,
        /** Set when the page must not reconnect on its own (replaced, logged out). */
        halted: false,
    };

    let director = null;
    let game = null;
    let prediction = null;
    let mapData = null;
    let reconnectTimer = null;
    let reconnectAttempt = 0;
    let lobbyTimer = null;
    let joinInFlight = false;

    // ---- messages and status ------------------------------------------------------------------------------

    function describe(error) {
        if (!error) {
            return '';
        }
        const code = error.code || '';
        return MESSAGES[code] || error.message || String(error);
    }

    function say(text, kind) {
        el.message.textContent = text || '';
        el.message.dataset.kind = kind || (text ? 'info' : '');
    }

    function setConnection(connection) {
        lor.connection = connection;
        updateStatus();
        requestRender();
    }

    function updateStatus() {
        window.LorStatus.render(el.status, lor);
    }

    function show(panel) {
        el.loginPanel.hidden = panel !== 'login';
        el.lobby.hidden = panel !== 'lobby';
        el.game.hidden = panel !== 'game';
        el.logout.hidden = panel === 'login';
        el.who.textContent = session.username && panel !== 'login' ? session.username : '';
    }

    // ---- the director connection: requests with refs -----------------------------------------------------

    /** One /ws connection; every request carries a numeric ref and its answer (or error) settles a promise. */
    class DirectorLink {

        constructor(onClose) {
            this.onClose = onClose;
            this.nextRef = 1;
            this.waiting = new Map();
            this.open = false;
            this.closed = false;
            this.account = null;
        }

        connect() {
            const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
            return new Promise((resolve, reject) => {
                let socket;
                try {
                    socket = new WebSocket(url);
                } catch (e) {
                    reject({code: 'closed', message: String(e)});
                    return;
                }
                this.socket = socket;
                socket.onopen = () => {
                    this.open = true;
                    resolve(this);
                };
                socket.onmessage = (event) => this.receive(event.data);
                socket.onclose = () => {
                    const wasOpen = this.open;
                    this.open = false;
                    this.closed = true;
                    for (const w of this.waiting.values()) {
                        clearTimeout(w.timer);
                        w.reject({code: 'closed', message: 'the director connection closed'});
                    }
                    this.waiting.clear();
                    if (!wasOpen) {
                        reject({code: 'closed', message: 'cannot reach the director'});
                    }
                    this.onClose(this);
                };
            });
        }

        receive(text) {
            let message;
            try {
                message = JSON.parse(text);
            } catch (e) {
                return;
            }
            const w = this.waiting.get(message.ref);
            if (!w) {
                return;
            }
            this.waiting.delete(message.ref);
            clearTimeout(w.timer);
            if (message.type === 'error') {
                w.reject({code: message.code, message: message.message});
            } else {
                w.resolve(message);
            }
        }

        request(message, timeoutMs) {
            if (!this.open) {
                return Promise.reject({code: 'closed', message: 'not connected to the director'});
            }
            const ref = this.nextRef++;
            return new Promise((resolve, reject) => {
                const timer = setTimeout(() => {
                    this.waiting.delete(ref);
                    reject({code: 'timeout', message: 'no answer to ' + message.type});
                }, timeoutMs || REQUEST_TIMEOUT_MS);
                this.waiting.set(ref, {resolve, reject, timer});
                this.socket.send(JSON.stringify(Object.assign({}, message, {ref})));
            });
        }

        close() {
            this.closed = true;
            if (this.socket) {
                this.socket.close(1000);
            }
        }
    }

    function onDirectorClosed(link) {
        if (link !== director) {
            return;
        }
        director = null;
        // In a world the director is needed only to (re)join; it is reopened then. In the lobby, say so and retry.
        if (!session.halted && !session.targetWorld && session.token) {
            say('Lost the connection to the director; reconnecting…', 'error');
            scheduleReconnect();
        }
    }

    let directorOpening = null;

    /**
     * An open, logged-in director connection: reuses the current one, or opens one and resumes the session. Callers
     * that ask while one is being opened share it.
     */
    function ensureDirector() {
        if (director && director.open && director.account) {
            return Promise.resolve(director);
        }
        if (!directorOpening) {
            directorOpening = openAndResume().finally(() => {
                directorOpening = null;
            });
        }
        return directorOpening;
    }

    async function openAndResume() {
        if (director) {
            director.close();
        }
        const link = new DirectorLink(onDirectorClosed);
        director = link;
        await link.connect();
        if (session.token) {
            try {
                const answer = await link.request({type: 'resume', token: session.token});
                link.account = answer.accountId;
            } catch (e) {
                if (e.code === 'bad_token') {
                    forgetSession();
                }
                throw e;
            }
        }
        return link;
    }

    function forgetSession() {
        session.token = null;
        sessionStorage.removeItem(TOKEN_KEY);
    }

    // ---- login and lobby ----------------------------------------------------------------------------------

    async function openDirectorAnonymous() {
        if (director && director.open) {
            return director;
        }
        const link = new DirectorLink(onDirectorClosed);
        director = link;
        await link.connect();
        return link;
    }

    async function doLogin(register) {
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

    function enterLobby() {
        session.targetWorld = null;
        clearWorld();
        lor.worldId = null;
        setConnection(director && director.open ? 'connected' : 'disconnected');
        show('lobby');
        refreshWorlds();
        clearInterval(lobbyTimer);
        lobbyTimer = setInterval(() => {
            if (!el.lobby.hidden) {
                refreshWorlds();
            }
        }, LOBBY_REFRESH_MS);
    }

    async function refreshWorlds() {
        if (joinInFlight) {
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
            tr.querySelector('button[data-join]').disabled = joinInFlight;
        }
        for (const [worldId, tr] of worldRows) {
            if (!seen.has(worldId)) {
                tr.remove();
                worldRows.delete(worldId);
            }
        }
    }

    function toLogin(text) {
        clearInterval(lobbyTimer);
        session.targetWorld = null;
        clearWorld();
        lor.worldId = null;
        setConnection('disconnected');
        show('login');
        say(text || '', text ? 'error' : '');
        el.username.focus();
    }

    // ---- entering a world ---------------------------------------------------------------------------------

    /** join_world through the director. @return {worldId, gameUrl, ticket} */
    async function joinThroughDirector(worldId) {
        joinInFlight = true;
        try {
            const link = await ensureDirector();
            return await link.request({type: 'join_world', worldId}, JOIN_TIMEOUT_MS);
        } finally {
            joinInFlight = false;
        }
    }

    async function joinWorld(worldId) {
        session.halted = false;
        session.targetWorld = worldId;
        clearInterval(lobbyTimer);
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
    function enterGame(worldId, gameUrl, ticket) {
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
                tracker: null, lost: null};
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
            socket.onopen = () => socket.send(JSON.stringify({type: 'hello', ticket, encoding: ENCODING}));
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
        if (game && game !== link) {
            game.expectedClose = true;
            game.socket.close(1000);
        }
        game = link;
        session.targetWorld = link.worldId;
        reconnectAttempt = 0;
        cancelReconnect();
        prediction = null;
        mapData = null;
        lor.worldId = link.worldId;
        lor.entityId = welcome.entityId;
        lor.tick = welcome.tick;
        lor.x = welcome.you.x;
        lor.y = welcome.you.y;
        lor.layer = welcome.you.layer;
        lor.authoritative = {x: welcome.you.x, y: welcome.you.y, layer: welcome.you.layer};
        lor.entities = [];
        lor.map = null;
        lor.ack = 0;
        lor.seq = 0;
        lor.pending = 0;
        lor.mispredictions = 0;
        lor.recent = [];
        link.welcome = welcome;
        link.world = welcome.content ? new O.WorldTracker(welcome.content) : null;
        lor.content = welcome.content || null;
        lor.inventory = welcome.inventory || null;
        lor.objects = [];
        lor.clock = null;
        panel.setContent(lor.content, lor.inventory);
        // A world that does not know the binary encoding answers without `encoding` and sends JSON states.
        link.encoding = welcome.encoding === 'binary' ? 'binary' : 'json';
        lor.encoding = link.encoding;
        const grid = welcome.grid;
        if (link.encoding === 'binary' && grid && grid.width > 0 && grid.height > 0) {
            link.tracker = new P.StateTracker(grid.width, grid.height);
        }
        clearInput();
        show('game');
        setConnection('connected');
        el.view.focus();
        requestRender();
    }

    function clearWorld() {
        if (game) {
            game.expectedClose = true;
            try {
                game.socket.close(1000);
            } catch (ignored) {
                // already closed
            }
        }
        game = null;
        prediction = null;
        mapData = null;
        lor.entityId = null;
        lor.x = lor.y = lor.layer = null;
        lor.authoritative = null;
        lor.entities = [];
        lor.recent = [];
        lor.map = null;
        lor.pending = 0;
        lor.content = null;
        lor.objects = [];
        lor.clock = null;
        lor.inventory = null;
        panel.setContent(null, null);
        clearInput();
    }

    function onGameMessage(link, message) {
        if (link !== game) {
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
                if (message.reason === 'rate_limited' && prediction) {
                    prediction.forget(message.seq);
                    afterPrediction();
                }
                break;
            case 'transfer':
                transfer(link, message);
                break;
            case 'error':
                onGameError(link, message);
                break;
            default:
                break;
        }
    }

    function onMap(link, message) {
        let decoded;
        try {
            decoded = P.mapFromMessage(message);
        } catch (e) {
            say('The world sent a map this page cannot read: ' + e.message, 'error');
            return;
        }
        mapData = decoded;
        lor.map = publicMap(decoded, message);
        // The map as sent; mapData.cells become the field, as the clock's line transmutes it (see onState).
        mapData.baseCells = decoded.cells.slice();
        mapData.line = null;
        // Region numbers need the map's size: the map's word wins over the welcome's grid (a new tracker is empty,
        // but the map comes before the first state).
        if (link.encoding === 'binary' && (!link.tracker || link.tracker.width !== decoded.width
            || link.tracker.height !== decoded.height)) {
            link.tracker = new P.StateTracker(decoded.width, decoded.height);
        }
        const you = lor.authoritative;
        prediction = new P.Prediction(decoded, lor.entityId, you.x, you.y, you.layer);
        updateStatus();
        requestRender();
    }

    /**
     * The map as `window.lor.map`: sizes, every cell value (a plain array, built when first read), and the portal
     * cells with their target world when the map message names it.
     */
    function publicMap(decoded, message) {
        const targets = portalTargets(message);
        const portals = [];
        const {width, height, layers, cells} = decoded;
        for (let i = 0; i < cells.length; i++) {
            const portal = P.cell.portal(cells[i]);
            if (portal !== 0) {
                const x = i % width;
                const y = Math.floor(i / width) % height;
                const layer = Math.floor(i / (width * height));
                const target = targets.byCell.get(x + ',' + y + ',' + layer) || targets.byIndex.get(portal) || {};
                portals.push({x, y, layer, portal, number: portal, worldId: target.worldId || null,
                    targetX: target.x ?? null, targetY: target.y ?? null, targetLayer: target.layer ?? null});
            }
        }
        let plain = null;
        return {
            width, height, layers,
            spawn: message.spawn || null,
            portals,
            get cells() {
                if (plain === null) {
                    plain = Array.from(cells);
                }
                return plain;
            },
        };
    }

    /**
     * Where the map message says portals lead: `portals: [{number, worldId}]`, `number` being the value of cell
     * bits 4-11. Lenient about the names (`portal`, `index` or `id` for the number; `targetWorld`, `target`,
     * `world` or a nested `to`/`target` object for the world; a cell `x`, `y`, `layer`) and about an object keyed
     * by number.
     */
    function portalTargets(message) {
        const byIndex = new Map();
        const byCell = new Map();
        const raw = message.portals;
        const worldOf = (p) => {
            if (typeof p === 'string') {
                return {worldId: p};
            }
            if (!p || typeof p !== 'object') {
                return {};
            }
            const nested = [p.to, p.target, p.destination].find((v) => v && typeof v === 'object');
            const worldId = p.worldId || p.targetWorld || p.targetWorldId
                || (typeof p.target === 'string' ? p.target : null) || (typeof p.world === 'string' ? p.world : null)
                || (nested && (nested.worldId || nested.world)) || null;
            return {
                worldId,
                x: nested && Number.isInteger(nested.x) ? nested.x : p.targetX,
                y: nested && Number.isInteger(nested.y) ? nested.y : p.targetY,
                layer: nested && Number.isInteger(nested.layer) ? nested.layer : p.targetLayer,
            };
        };
        if (Array.isArray(raw)) {
            raw.forEach((p, i) => {
                const target = worldOf(p);
                const number = p && (p.number ?? p.portal ?? p.index ?? p.id);
                if (Number.isInteger(number)) {
                    byIndex.set(number, target);
                }
                if (p && Number.isInteger(p.x) && Number.isInteger(p.y)) {
                    byCell.set(p.x + ',' + p.y + ',' + (p.layer || 0), target);
                }
                if (!Number.isInteger(number) && !(p && Number.isInteger(p.x))) {
                    byIndex.set(i + 1, target);
                }
            });
        } else if (raw && typeof raw === 'object') {
            for (const [key, value] of Object.entries(raw)) {
                byIndex.set(Number(key), worldOf(value));
            }
        }
        return {byIndex, byCell};
    }

    /**
     * A binary state frame: applied to the connection's tracker, whose state (tick, ack, entities in ascending id)
     * is then handled and reconciled exactly as a JSON state. Its entities are those of the view's 8 x 8 regions: up
     * to 7 cells beyond the view radius that bounds a JSON state. A frame that does not decode leaves the view out of
     * step with the server's baseline: the connection is dropped and rejoined (a new one starts with a reset frame).
     */
    function onBinaryState(link, data) {
        if (link !== game) {
            return;
        }
        let state;
        try {
            if (link.world && O.WorldTracker.isWorldFrame(data)) {
                // A world frame (objects, line, inventory) comes just before the state frame of its broadcast.
                link.world.apply(data);
                return;
            }
            if (!link.tracker) {
                throw new Error('a binary state frame before the map size is known');
            }
            state = link.tracker.apply(data);
            if (link.world) {
                state = link.world.merge(state);
            }
        } catch (e) {
            lor.decodeErrors++;
            link.lost = 'a state frame this page cannot read: ' + e.message;
            try {
                link.socket.close(1000);
            } catch (ignored) {
                // already closing
            }
            return;
        }
        lor.binaryFrames++;
        onState(state);
    }

    function onState(state) {
        if (game) {
            game.unavailable = null; // a portal refusal, not a shutdown: the world goes on
        }
        lor.tick = state.tick;
        lor.ack = state.ack;
        lor.states++;
        lor.entities = state.entities.map((e) => ({id: e.id, x: e.x, y: e.y, layer: e.layer, kind: e.kind}));
        lor.recent.push({tick: state.tick, ack: state.ack, entities: lor.entities});
        if (lor.recent.length > RECENT_STATES) {
            lor.recent.shift();
        }
        const own = state.entities.find((e) => e.id === lor.entityId);
        if (own) {
            lor.authoritative = {x: own.x, y: own.y, layer: own.layer};
        }
        lor.objects = state.objects || [];
        lor.clock = state.clock || null;
        if (state.inventory) {
            lor.inventory = state.inventory;
        }
        if (lor.content && lor.clock && mapData && mapData.line !== lor.clock.line) {
            O.transmuteField(mapData, lor.content, lor.clock.line);
        }
        if (prediction) {
            prediction.onState(withObjectsAsBlockers(state));
            afterPrediction();
        } else if (own) {
            lor.x = own.x;
            lor.y = own.y;
            lor.layer = own.layer;
            updateStatus();
            requestRender();
        }
    }

    /** Objects block a step as entities do: prediction sees them as entities of their own (negative ids). */
    function withObjectsAsBlockers(state) {
        if (!state.objects || state.objects.length === 0) {
            return state;
        }
        const blockers = state.objects.map((o) => ({id: -o.id, x: o.x, y: o.y, layer: o.layer, kind: 'object'}));
        return Object.assign({}, state, {entities: state.entities.concat(blockers)});
    }

    function afterPrediction() {
        lor.x = prediction.predictedX;
        lor.y = prediction.predictedY;
        lor.layer = prediction.layer;
        if (lor.content) {
            panel.onState({objects: lor.objects, clock: lor.clock, inventory: lor.inventory},
                {x: lor.x, y: lor.y, layer: lor.layer});
        }
        lor.pending = prediction.pendingCount;
        lor.mispredictions = prediction.mispredictions;
        updateStatus();
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
        if (game) {
            game.expectedClose = true;
        }
        setConnection('disconnected');
        say(text, 'error');
    }

    function onGameClosed(link, event) {
        if (link !== game) {
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
            say('World ' + link.worldId + ' has stopped (' + link.unavailable + '). Join it again to restart it.',
                'error');
            return;
        }
        say('The connection to ' + link.worldId + ' was lost (' + (link.lost || event.code) + '); reconnecting…',
            'error');
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
        game = null;
        prediction = null;
        mapData = null;
        lor.transfers++;
        lor.worldId = worldId;
        lor.entities = [];
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

    // ---- reconnecting -------------------------------------------------------------------------------------

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
            game = null;
            prediction = null;
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
            say('Still disconnected (' + describe(e) + '); trying again in ' + (next / 1000) + ' s…', 'error');
            scheduleReconnect();
        }
    }

    // ---- keyboard input -----------------------------------------------------------------------------------

    const KEYS = {
        ArrowUp: 'N', ArrowRight: 'E', ArrowDown: 'S', ArrowLeft: 'W',
        KeyW: 'N', KeyD: 'E', KeyS: 'S', KeyA: 'W',
        w: 'N', d: 'E', s: 'S', a: 'W', W: 'N', D: 'E', S: 'S', A: 'W',
    };
    /** Directions whose key is down, the latest last. */
    let held = [];
    /** Key presses not yet sent: a tap shorter than the interval still makes one step. */
    let taps = [];
    let lastMoveAt = -Infinity;
    let moveTimer = null;

    function clearInput() {
        held = [];
        taps = [];
        clearTimeout(moveTimer);
        moveTimer = null;
    }

    function directionOf(event) {
        return KEYS[event.code] || KEYS[event.key] || null;
    }

    function typingInField(event) {
        const t = event.target;
        return t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT'
            || t.isContentEditable);
    }

    document.addEventListener('keydown', (event) => {
        if (el.game.hidden || typingInField(event) || event.ctrlKey || event.metaKey || event.altKey) {
            return;
        }
        if (panel.key(event)) {
            event.preventDefault();
            return;
        }
        const dir = directionOf(event);
        if (!dir) {
            return;
        }
        event.preventDefault();
        if (event.repeat) {
            return; // a held key is driven by the pump, not by the system's key repeat
        }
        held = held.filter((d) => d !== dir);
        held.push(dir);
        if (taps.length < 4) {
            taps.push(dir);
        }
        pumpMoves();
    });

    document.addEventListener('keyup', (event) => {
        const dir = directionOf(event);
        if (dir) {
            held = held.filter((d) => d !== dir);
        }
    });

    window.addEventListener('blur', () => {
        held = [];
    });

    /** Sends at most one intent per interval: a pending tap first, else the latest held key. */
    function pumpMoves() {
        if (moveTimer !== null) {
            return;
        }
        const now = performance.now();
        const wait = lastMoveAt + MOVE_INTERVAL_MS - now;
        if (wait > 0) {
            moveTimer = setTimeout(() => {
                moveTimer = null;
                pumpMoves();
            }, wait);
            return;
        }
        const dir = taps.length > 0 ? taps.shift() : held[held.length - 1];
        if (!dir) {
            return;
        }
        if (sendMove(dir)) {
            lastMoveAt = now;
        }
        if (taps.length > 0 || held.length > 0) {
            moveTimer = setTimeout(() => {
                moveTimer = null;
                pumpMoves();
            }, MOVE_INTERVAL_MS);
        }
    }

    /** Predicts and sends one intent. @return whether it was sent */
    function sendMove(dir) {
        if (!game || !prediction || game.socket.readyState !== WebSocket.OPEN) {
            return false;
        }
        const seq = ++game.seq;
        lor.seq = seq;
        prediction.apply(seq, dir);
        game.socket.send(JSON.stringify({type: 'move', dir, seq}));
        panel.faced(dir);
        afterPrediction();
        return true;
    }

    /** Sends an intent on an object (build, put, take, set_recipe, dismantle); the server answers as for moves. */
    function sendAction(message) {
        if (!game || game.socket.readyState !== WebSocket.OPEN) {
            return false;
        }
        const seq = ++game.seq;
        lor.seq = seq;
        game.socket.send(JSON.stringify(Object.assign({}, message, {seq})));
        return true;
    }

    // ---- drawing ------------------------------------------------------------------------------------------

    let renderQueued = false;

    function requestRender() {
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

    function render() {
        const w = el.view.width;
        const h = el.view.height;
        ctx.fillStyle = COLOURS.outside;
        ctx.fillRect(0, 0, w, h);
        if (!mapData || !Number.isInteger(lor.x)) {
            ctx.fillStyle = '#8a8f9c';
            ctx.font = '16px sans-serif';
            ctx.textAlign = 'center';
            ctx.fillText(lor.connection === 'connected' ? 'loading the map…' : lor.connection + '…', w / 2, h / 2);
            return;
        }
        const map = mapData;
        const layer = lor.layer || 0;
        // The own entity's cell sits at the centre of the canvas.
        const originX = Math.floor(w / 2 - (lor.x + 0.5) * CELL_PX);
        const originY = Math.floor(h / 2 - (lor.y + 0.5) * CELL_PX);
        const x0 = Math.max(0, Math.floor(-originX / CELL_PX));
        const y0 = Math.max(0, Math.floor(-originY / CELL_PX));
        const x1 = Math.min(map.width - 1, Math.ceil((w - originX) / CELL_PX));
        const y1 = Math.min(map.height - 1, Math.ceil((h - originY) / CELL_PX));
        const portals = [];
        for (let y = y0; y <= y1; y++) {
            const row = (layer * map.height + y) * map.width;
            for (let x = x0; x <= x1; x++) {
                const value = map.cells[row + x];
                let colour;
                if (P.cell.isWall(value)) {
                    colour = COLOURS.wall;
                } else if (P.cell.portal(value) !== 0) {
                    colour = COLOURS.portal;
                    portals.push(x, y);
                } else {
                    colour = TERRAIN_COLOURS[P.cell.terrain(value)];
                }
                ctx.fillStyle = colour;
                ctx.fillRect(originX + x * CELL_PX, originY + y * CELL_PX, CELL_PX, CELL_PX);
            }
        }
        ctx.fillStyle = COLOURS.portalInner;
        for (let i = 0; i < portals.length; i += 2) {
            const cx = originX + portals[i] * CELL_PX + CELL_PX / 2;
            const cy = originY + portals[i + 1] * CELL_PX + CELL_PX / 2;
            ctx.beginPath();
            ctx.arc(cx, cy, CELL_PX * 0.22, 0, Math.PI * 2);
            ctx.fill();
        }
        if (lor.content) {
            O.drawObjects(ctx, lor.content, lor.objects, originX, originY, layer, CELL_PX);
        }
        for (const e of lor.entities) {
            if (e.id === lor.entityId || e.layer !== layer) {
                continue;
            }
            const px = originX + e.x * CELL_PX;
            const py = originY + e.y * CELL_PX;
            if (e.kind === 'npc') {
                ctx.fillStyle = COLOURS.npc;
                ctx.fillRect(px + 2, py + 2, CELL_PX - 4, CELL_PX - 4);
            } else {
                ctx.fillStyle = COLOURS.player;
                ctx.beginPath();
                ctx.arc(px + CELL_PX / 2, py + CELL_PX / 2, CELL_PX * 0.42, 0, Math.PI * 2);
                ctx.fill();
            }
        }
        // The own entity, where prediction puts it, always on top.
        const sx = originX + lor.x * CELL_PX + CELL_PX / 2;
        const sy = originY + lor.y * CELL_PX + CELL_PX / 2;
        ctx.fillStyle = COLOURS.you;
        ctx.strokeStyle = COLOURS.youRing;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(sx, sy, CELL_PX * 0.5, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        if (lor.connection !== 'connected') {
            // The picture is the last one the server confirmed; say so over it.
            ctx.fillStyle = 'rgba(10, 12, 18, 0.6)';
            ctx.fillRect(0, 0, w, h);
            ctx.fillStyle = '#f0f0f0';
            ctx.font = 'bold 18px sans-serif';
            ctx.textAlign = 'center';
            ctx.fillText(lor.connection, w / 2, h / 2 - 24);
        }
        el.stats.textContent = 'tick ' + lor.tick + ' · ' + lor.entities.length + ' in view · '
            + lor.pending + ' pending · ' + lor.mispredictions + ' mispredicted · ' + lor.encoding + ' states';
    }

    // ---- wiring -------------------------------------------------------------------------------------------

    el.form.addEventListener('submit', (event) => {
        event.preventDefault();
        doLogin(false);
    });
    el.register.addEventListener('click', () => doLogin(true));
    el.refresh.addEventListener('click', refreshWorlds);
    el.worlds.addEventListener('click', (event) => {
        const button = event.target.closest('button[data-join]');
        if (button && !button.disabled) {
            joinWorld(button.dataset.join);
        }
    });
    el.leave.addEventListener('click', () => {
        cancelReconnect();
        say('');
        enterLobby();
    });
    el.logout.addEventListener('click', () => {
        cancelReconnect();
        forgetSession();
        session.halted = true;
        if (director) {
            const d = director;
            director = null;
            // Revoke the token on the server too (a copy of it elsewhere is then worthless); the page forgets it
            // either way.
            d.request({type: 'logout'}, 2000).catch(() => {}).finally(() => d.close());
        }
        toLogin('Logged out.');
    });
    el.view.addEventListener('mousedown', () => el.view.focus());
    el.objects.addEventListener('click', (event) => {
        panel.onClick(event);
        el.view.focus();
    });

    async function start() {
        updateStatus();
        if (!session.token) {
            toLogin('');
            return;
        }
        // A reload keeps the session (sessionStorage is per tab): resume it.
        show('lobby');
        try {
            await ensureDirector();
            enterLobby();
        } catch (e) {
            if (e.code === 'bad_token') {
                toLogin(describe(e));
            } else {
                toLogin('Cannot reach the director: ' + describe(e));
            }
        }
    }

    start();
})();
