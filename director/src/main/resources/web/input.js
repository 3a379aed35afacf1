/*
 * Moving by hand: arrow keys and W A S D, and the on-screen pad (#pad) of touch devices and narrow screens, become
 * `move` intents, one per interval while a key or pad button is held, a short tap still making one step. Keys the
 * objects panel and the game modules' actions take go to them first. When nothing is held, the pump takes the steps
 * of a walk to a tapped cell (walk.js); pressing a key or the pad ends that walk.
 */
import {el, lor} from './page.js';
import {nextWalkStep, stopWalk, walkStepSent, walking} from './walk.js';
import {controls, panel, sendMove} from './world-state.js';

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

export function clearInput() {
    held = [];
    taps = [];
    clearTimeout(moveTimer);
    moveTimer = null;
    stopWalk('stopped');
}

/** A key or pad button went down: one step now (or at the next interval), more while it stays down. */
function press(dir) {
    stopWalk('stopped');
    held = held.filter((d) => d !== dir);
    held.push(dir);
    if (taps.length < 4) {
        taps.push(dir);
    }
    pumpMoves();
}

function release(dir) {
    held = held.filter((d) => d !== dir);
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
    if (panel.key(event) || controls.key(event)) {
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
    press(dir);
});

document.addEventListener('keyup', (event) => {
    const dir = directionOf(event);
    if (dir) {
        release(dir);
    }
});

// The pad: a button is held from pointerdown until its pointer lifts, leaves the screen or is taken for a
// scroll; pointer events cover touch, pen and mouse alike. Enter or Space on a focused button is a tap.
const pad = document.getElementById('pad');
/** Pad button directions by pointer id (two fingers may hold two buttons). */
const padPointers = new Map();

pad.addEventListener('pointerdown', (event) => {
    const button = event.target.closest('button[data-dir]');
    if (!button || el.game.hidden || (event.pointerType === 'mouse' && event.button !== 0)) {
        return;
    }
    event.preventDefault(); // no focus change, no text selection, no emulated mouse events
    button.setPointerCapture(event.pointerId);
    padPointers.set(event.pointerId, button);
    button.classList.add('held');
    press(button.dataset.dir);
});
const lift = (event) => {
    const button = padPointers.get(event.pointerId);
    if (button) {
        padPointers.delete(event.pointerId);
        button.classList.remove('held');
        release(button.dataset.dir);
    }
};
for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) {
    pad.addEventListener(type, lift);
}
pad.addEventListener('contextmenu', (event) => event.preventDefault()); // a long press is a held button
pad.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-dir]');
    if (button && event.detail === 0 && !el.game.hidden) {
        press(button.dataset.dir);
        release(button.dataset.dir);
    }
});

window.addEventListener('blur', () => {
    held = [];
});

/**
 * Sends at most one intent per interval: a pending tap first, else the latest held key or pad button, else the
 * next step of a walk. Runs on while something is held or a walk goes on.
 */
export function pumpMoves() {
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
    let dir = taps.length > 0 ? taps.shift() : held[held.length - 1];
    const walkStep = !dir && walking();
    if (walkStep) {
        dir = nextWalkStep();
    }
    if (!dir && !walkStep) {
        return;
    }
    if (dir && sendMove(dir)) {
        lastMoveAt = now;
        if (walkStep) {
            walkStepSent(lor.seq);
        }
    }
    if (taps.length > 0 || held.length > 0 || walking()) {
        moveTimer = setTimeout(() => {
            moveTimer = null;
            pumpMoves();
        }, MOVE_INTERVAL_MS);
    }
}
