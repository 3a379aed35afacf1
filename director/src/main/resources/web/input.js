/*
 * Moving with the keyboard: arrow keys and W A S D become `move` intents, one per interval while a key is held,
 * a short tap still making one step. Keys the objects panel takes go to it first. Adds to LorPage: clearInput.
 */
(function (page) {
    'use strict';

    const {el, panel} = page;

    /** Intents sent while a key is held: at most one per 100 ms (the server refuses more than 20 a second). */
    const MOVE_INTERVAL_MS = 100;

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
        if (page.sendMove(dir)) {
            lastMoveAt = now;
        }
        if (taps.length > 0 || held.length > 0) {
            moveTimer = setTimeout(() => {
                moveTimer = null;
                pumpMoves();
            }, MOVE_INTERVAL_MS);
        }
    }

    Object.assign(page, {clearInput});
}(window.LorPage));
