/*
 * The Lor browser client: log in through the director's /ws, pick a world, play in it over the world's /game
 * socket with client-side prediction (predictor.js, on sim-core compiled to /sim.js), follow transfers between
 * worlds, and reconnect when a connection drops. No framework, no build step; everything it needs is served by the
 * director. The client's parts are ES modules, each of one concern; they share the namespace `page` (page.js): each
 * adds its functions to it and calls the others' through it at run time. This one, the entry point index.html
 * loads, imports them all, loads the simulation, wires the page's buttons and forms to the parts and starts.
 *
 * State a test or a curious player can read: the #status element's data-* attributes and `window.lor`.
 */
import {page} from './page.js';
import {useSimulation} from './predictor.js';
import './director-link.js';
import './lobby.js';
import './game-link.js';
import './reconnect.js';
import './world-map.js';
import './world-state.js';
import './render.js';
import './input.js';
import './walk.js';

const {el, session, live, panel} = page;

el.form.addEventListener('submit', (event) => {
    event.preventDefault();
    page.doLogin(false);
});
el.register.addEventListener('click', () => page.doLogin(true));
el.refresh.addEventListener('click', page.refreshWorlds);
el.worlds.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-join]');
    if (button && !button.disabled) {
        page.joinWorld(button.dataset.join);
    }
});
el.leave.addEventListener('click', () => {
    page.cancelReconnect();
    page.say('');
    page.enterLobby();
});
el.logout.addEventListener('click', () => {
    page.cancelReconnect();
    page.forgetSession();
    session.halted = true;
    if (live.director) {
        const d = live.director;
        live.director = null;
        // Revoke the token on the server too (a copy of it elsewhere is then worthless); the page forgets it
        // either way.
        d.request({type: 'logout'}, 2000).catch(() => {}).finally(() => d.close());
    }
    page.toLogin('Logged out.');
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
        page.say('The simulation (/sim.js) did not load: ' + e.message, 'error');
    }
}

async function start() {
    await loadSimulation();
    page.lor.timings.started = performance.now();
    page.updateStatus();
    if (!session.token) {
        page.toLogin('');
        return;
    }
    // A reload keeps the session (sessionStorage is per tab): resume it.
    page.show('lobby');
    try {
        await page.ensureDirector();
        page.enterLobby();
    } catch (e) {
        if (e.code === 'bad_token') {
            page.toLogin(page.describe(e));
        } else {
            page.toLogin('Cannot reach the director: ' + page.describe(e));
        }
    }
}

start();
