/*
 * The director connection (/ws): requests with refs answered by promises, the session resumed with its token on a
 * new connection, and join_world. When the connection drops in the lobby, `onDirectorLost`'s listener (reconnect.js,
 * wired by app.js) takes over.
 */
import {JOIN_TIMEOUT_MS, REQUEST_TIMEOUT_MS, TOKEN_KEY, live, say, session} from './page.js';

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

/** reconnect.js's scheduleReconnect, handed over by app.js. */
let directorLost = null;

/** The director connection dropped while the page needs it (in the lobby, logged in): `listener` reconnects. */
export function onDirectorLost(listener) {
    directorLost = listener;
}

function onDirectorClosed(link) {
    if (link !== live.director) {
        return;
    }
    live.director = null;
    // In a world the director is needed only to (re)join; it is reopened then. In the lobby, say so and retry.
    if (!session.halted && !session.targetWorld && session.token) {
        say('Lost the connection to the director; reconnecting…', 'error');
        directorLost();
    }
}

let directorOpening = null;

/**
 * An open, logged-in director connection: reuses the current one, or opens one and resumes the session. Callers
 * that ask while one is being opened share it.
 */
export function ensureDirector() {
    const director = live.director;
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
    if (live.director) {
        live.director.close();
    }
    const link = new DirectorLink(onDirectorClosed);
    live.director = link;
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

export function forgetSession() {
    session.token = null;
    sessionStorage.removeItem(TOKEN_KEY);
}

/** An open director connection, logged in or not (for login and register). */
export async function openDirectorAnonymous() {
    if (live.director && live.director.open) {
        return live.director;
    }
    const link = new DirectorLink(onDirectorClosed);
    live.director = link;
    await link.connect();
    return link;
}

/** join_world through the director. @return {worldId, gameUrl, ticket} */
export async function joinThroughDirector(worldId) {
    live.joinInFlight = true;
    try {
        const link = await ensureDirector();
        return await link.request({type: 'join_world', worldId}, JOIN_TIMEOUT_MS);
    } finally {
        live.joinInFlight = false;
    }
}
