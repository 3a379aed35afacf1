/*
 * The Lor browser client: log in through the director's /ws, pick a world, play in it over the world's /game
 * socket with client-side prediction (predictor.js, on sim-core compiled to /sim.js), follow transfers between
 * worlds, and reconnect when a connection drops. No framework, no build step; everything it needs is served by the
 * director. The client's parts are ES modules, each of one concern, importing what they call from each other. Where
 * two parts need each other, the one below takes the other's function as a callback, handed over here; this module,
 * the entry point index.html loads, also loads the simulation, wires the page's buttons and forms to the parts and
 * starts.
 *
 * State a test or a curious player can read: the #status element's data-* attributes and `window.lor`.
 */
import {describe, el, live, lor, onConnectionChange, say, session, show, updateStatus} from './page.js';
import {useSimulation} from './predictor.js';
import {ensureDirector, forgetSession, onDirectorLost} from './director-link.js';
import {doLogin, enterLobby, refreshWorlds, toLogin, useLeaveWorld} from './lobby.js';
import {clearWorld, enterGame, joinWorld} from './game-link.js';
import {cancelReconnect, scheduleReconnect, useEnterGame} from './reconnect.js';
import {panel, sendAction, sendMove} from './world-state.js';
import {requestRender} from './render.js';
import {pumpMoves} from './input.js';
import {onWalkStarted, walkTo} from './walk.js';

// Where two parts need each other, the lower one (which the other imports) takes the other's function here.
onConnectionChange(requestRender); // page.js: a change of connection redraws the canvas (render.js)
onDirectorLost(scheduleReconnect); // director-link.js: a director link lost in the lobby is reopened (reconnect.js)
useLeaveWorld(clearWorld); // lobby.js: the lobby and the login form leave the world played in (game-link.js)
useEnterGame(enterGame); // reconnect.js: a rejoin opens the world's connection (game-link.js)
onWalkStarted(pumpMoves); // walk.js: a walk's steps go out through the pump of moves (input.js)

/** For tests and a curious player's console: intents sent as the page's own parts send them. */
window.LorPage = Object.freeze({walkTo, sendMove, sendAction});

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
    if (live.director) {
        const d = live.director;
        live.director = null;
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

/**
 * The simulation, before anything that could need it. Without it the page still logs in and lists worlds, and
 * says why it cannot play.
 */
async function loadSimulation() {
    try {
        useSimulation(await import('/sim.js'));
    } catch (e) {
        say('The simulation (/sim.js) did not load: ' + e.message, 'error');
    }
}

async function start() {
    await loadSimulation();
    lor.timings.started = performance.now();
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
