/*
 * Tap-to-walk: a tap (or click) on a cell of the map plans a path there (sim-core's PathFinder, through the
 * prediction: predictor.js) and walks it one `move` at a time through the same pump, prediction and intents as the
 * keys (input.js). Before each step the movement rule (sim-core's MoveRules) is asked: a step into a cell that
 * another entity or an object holds, or a plan the server's corrections left behind, plans again around what
 * stands in the way. The walk ends on arrival (the server has the player on the cell), when the player presses a
 * key or the pad, when the server refuses one of its steps, or after a few plans that found no way.
 *
 * `window.lor.walk` is the walk under way ({x, y, layer, steps} or null); `window.lor.lastWalk` how the last one
 * ended ({x, y, layer, result}: arrived, rejected, blocked, no_path, stopped). input.js takes the walk's steps; a walk
 * that starts sets its pump going through `onWalkStarted`'s listener (input.js's pumpMoves, handed over by app.js).
 */
import {el, live, lor, say} from './page.js';
import {DIRS} from './predictor.js';
import {cellAt, requestRender} from './render.js';

/** Cells beyond the bounding box of start and target that a plan may use (PathFinder's margin). */
const MARGIN = 16;
const MAX_STEPS = 400;
/** Plans after the first one (around others, after a correction) before the walk gives up. */
const MAX_REPLANS = 8;
/** A tap moves less than this (CSS pixels) between down and up; more is a drag or a scroll. */
const TAP_SLOP_PX = 12;

/** {target: {x, y, layer}, steps: ['N', …], next, expectX, expectY, replans, seqs: Set} or null */
let walk = null;
/** input.js's pumpMoves. */
let walkStarted = null;

export function onWalkStarted(listener) {
    walkStarted = listener;
}

/** Starts a walk to the cell, replacing any walk under way. @return whether a path was found */
export function walkTo(x, y) {
    const prediction = live.prediction;
    if (!prediction || !live.game) {
        return false;
    }
    stopWalk('stopped');
    const target = {x, y, layer: prediction.layer};
    if (x === prediction.predictedX && y === prediction.predictedY) {
        return false;
    }
    walk = {target, steps: [], next: 0, expectX: null, expectY: null, replans: -1, seqs: new Set()};
    if (!plan(false)) {
        end('no_path');
        say('There is no way from here to ' + x + ',' + y + '.');
        return false;
    }
    publish();
    walkStarted();
    return true;
}

/**
 * Plans from the predicted position to the target; with `aroundOthers`, the cells other entities and objects
 * hold (as of the last state) block too. Portals other than the target block always: a walk never leaves the
 * world unless a portal is where the player tapped.
 */
function plan(aroundOthers) {
    const prediction = live.prediction;
    if (walk.replans++ >= MAX_REPLANS) {
        return false;
    }
    const sx = prediction.predictedX;
    const sy = prediction.predictedY;
    const steps = prediction.path(walk.target.x, walk.target.y, aroundOthers, MARGIN, MAX_STEPS);
    if (steps === null || steps.length === 0) {
        return false;
    }
    walk.steps = steps;
    walk.next = 0;
    walk.expectX = sx;
    walk.expectY = sy;
    return true;
}

export function walking() {
    return walk !== null;
}

/** The direction of the walk's next step, or null when there is none to send now (waiting, or ended). */
export function nextWalkStep() {
    const prediction = live.prediction;
    if (!walk || !prediction) {
        return null;
    }
    if (prediction.layer !== walk.target.layer) {
        end('stopped');
        return null;
    }
    const x = prediction.predictedX;
    const y = prediction.predictedY;
    if (x === walk.target.x && y === walk.target.y) {
        // Arrived as predicted; over once the server has acknowledged every step and put the player there.
        const you = lor.authoritative;
        if (prediction.pendingCount === 0 && you && you.x === x && you.y === y) {
            end('arrived');
        }
        return null;
    }
    if (prediction.pendingCount > 0 && walk.next >= walk.steps.length) {
        return null; // the last steps are on their way: wait for the server's word on them
    }
    // A correction moved the player off the plan, or the plan ran out short of the target: plan again.
    if (walk.next >= walk.steps.length || x !== walk.expectX || y !== walk.expectY) {
        if (!plan(false)) {
            end('blocked');
            return null;
        }
    }
    let dir = walk.steps[walk.next];
    if (prediction.check(dir) !== 'moved') {
        // Someone (or something) stands in the way, or the field changed: around it, if there is a way. One
        // standing on the target itself may step off: wait for the next state, within the plans allowed.
        if (!plan(true)) {
            end('blocked');
            return null;
        }
        dir = walk.steps[walk.next];
        if (prediction.check(dir) !== 'moved') {
            return null;
        }
    }
    walk.next++;
    walk.expectX = x + DIRS[dir].dx;
    walk.expectY = y + DIRS[dir].dy;
    publish();
    return dir;
}

export function walkStepSent(seq) {
    if (walk) {
        walk.seqs.add(seq);
    }
}

/** A `rejected` for an intent: the walk ends if it was one of its steps. */
export function onWalkRejected(seq) {
    if (walk && walk.seqs.has(seq)) {
        end('rejected');
    }
}

/** Ends a walk under way, if any (a key, the pad, leaving the world). */
export function stopWalk(result) {
    if (walk) {
        end(result);
    }
}

function end(result) {
    const t = walk.target;
    lor.lastWalk = {x: t.x, y: t.y, layer: t.layer, result};
    walk = null;
    lor.walk = null;
    requestRender();
}

function publish() {
    lor.walk = {x: walk.target.x, y: walk.target.y, layer: walk.target.layer,
        steps: walk.steps.length - walk.next};
}

// A tap on the canvas: a pointer that goes down and up without moving far (a drag, or a finger taken for a
// scroll, is not a tap). The cell comes from the canvas's last picture (render.js: cellAt).
const downs = new Map();
el.view.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'mouse' || event.button === 0) {
        downs.set(event.pointerId, {x: event.clientX, y: event.clientY});
    }
});
el.view.addEventListener('pointercancel', (event) => downs.delete(event.pointerId));
el.view.addEventListener('pointerup', (event) => {
    const down = downs.get(event.pointerId);
    downs.delete(event.pointerId);
    if (!down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > TAP_SLOP_PX) {
        return;
    }
    const cell = cellAt(event.clientX, event.clientY);
    if (cell && live.prediction && cell.layer === live.prediction.layer) {
        walkTo(cell.x, cell.y);
    }
});
