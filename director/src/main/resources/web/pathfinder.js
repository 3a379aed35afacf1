/*
 * sim-core's path finder (lor.sim.path.PathFinder) in JavaScript, for tap-to-walk: A* on one layer, 4-neighbour
 * steps, walls block, Manhattan heuristic, neighbours in the order N, E, S, W, and the open list a binary heap
 * ordered by lower f, then higher g, then lower window-local index. Written to give exactly the path the Java one
 * gives for the same grid, window and limits; BrowserPathFinderIT holds it to that on generated maps and the
 * worlds' own maps.
 *
 * Issue 19 will replace this file with sim-core compiled for the browser (one implementation on both sides); until
 * then a change to PathFinder.java must be made here too, and the test says when they part.
 *
 * Exposes `LorPath` (a global in the page; module.exports under Node). No DOM.
 */
(function (root) {
    'use strict';

    const NONE = -1;
    /* Cell bit 0 is the wall (sim-core's Cells; prediction.js reads the same bits). */
    const WALL_BIT = 1;

    class PathFinder {

        /** @param maxWindowCells the largest window (in cells) a search may cover */
        constructor(maxWindowCells) {
            if (!(maxWindowCells >= 1)) {
                throw new Error('window must hold at least one cell');
            }
            this.capacity = maxWindowCells;
            this.g = new Int32Array(maxWindowCells);
            this.f = new Int32Array(maxWindowCells);
            this.parent = new Int32Array(maxWindowCells);
            this.seen = new Int32Array(maxWindowCells);
            this.closed = new Int32Array(maxWindowCells);
            this.heap = new Int32Array(maxWindowCells);
            this.heapPos = new Int32Array(maxWindowCells);
            this.heapSize = 0;
            this.generation = 0;
        }

        /**
         * Searches within the bounding box of start and target grown by `margin` cells (clamped to the grid), as
         * PathFinder.find(grid, layer, sx, sy, tx, ty, margin, out, offset, maxSteps).
         */
        findWithin(map, layer, sx, sy, tx, ty, margin, maxSteps, blocked) {
            return this.find(map, layer, sx, sy, tx, ty,
                Math.max(0, Math.min(sx, tx) - margin), Math.max(0, Math.min(sy, ty) - margin),
                Math.min(map.width - 1, Math.max(sx, tx) + margin),
                Math.min(map.height - 1, Math.max(sy, ty) + margin),
                maxSteps, blocked);
        }

        /**
         * A shortest path from (sx, sy) to (tx, ty) on `layer` through walkable cells of the window
         * [minX, maxX] x [minY, maxY].
         *
         * @param map {width, height, layers, cells} as prediction.js decodes it
         * @param blocked optional: cell index -> true for a cell to treat as a wall as well (the page's own use:
         *        cells others stand on, portals); PathFinder has no such thing, so leave it out to compare
         * @return the steps as 'N', 'E', 'S', 'W' ([] when start is the target), or null where PathFinder answers
         *         -1: start or target a wall or outside the window, a window larger than the capacity, no path
         *         within the window, or a path longer than `maxSteps`
         */
        find(map, layer, sx, sy, tx, ty, minX, minY, maxX, maxY, maxSteps, blocked) {
            if (minX < 0 || minY < 0 || maxX >= map.width || maxY >= map.height || minX > maxX || minY > maxY) {
                return null;
            }
            const cells = (maxX - minX + 1) * (maxY - minY + 1);
            if (cells > this.capacity || !inside(sx, sy, minX, minY, maxX, maxY)
                || !inside(tx, ty, minX, minY, maxX, maxY)) {
                return null;
            }
            const width = map.width;
            const layerBase = layer * map.height * width;
            const wall = blocked
                ? (i) => (map.cells[i] & WALL_BIT) !== 0 || blocked(i) === true
                : (i) => (map.cells[i] & WALL_BIT) !== 0;
            if (wall(layerBase + sy * width + sx) || wall(layerBase + ty * width + tx)) {
                return null;
            }
            this.originX = minX;
            this.originY = minY;
            this.windowWidth = maxX - minX + 1;
            this.nextGeneration();
            const start = this.local(sx, sy);
            const target = this.local(tx, ty);
            this.heapSize = 0;
            this.open(start, 0, Math.abs(sx - tx) + Math.abs(sy - ty), NONE);
            const {g, closed} = this;
            while (this.heapSize > 0) {
                const node = this.pop();
                if (node === target) {
                    return g[node] > maxSteps ? null : this.path(target);
                }
                closed[node] = this.generation;
                const x = this.originX + node % this.windowWidth;
                const y = this.originY + Math.floor(node / this.windowWidth);
                const cost = g[node] + 1;
                // Fixed neighbour order N, E, S, W, as PathFinder.
                this.relax(wall, layerBase, width, x, y - 1, minX, minY, maxX, maxY, cost, node, tx, ty);
                this.relax(wall, layerBase, width, x + 1, y, minX, minY, maxX, maxY, cost, node, tx, ty);
                this.relax(wall, layerBase, width, x, y + 1, minX, minY, maxX, maxY, cost, node, tx, ty);
                this.relax(wall, layerBase, width, x - 1, y, minX, minY, maxX, maxY, cost, node, tx, ty);
            }
            return null;
        }

        relax(wall, layerBase, width, x, y, minX, minY, maxX, maxY, cost, from, tx, ty) {
            if (x < minX || x > maxX || y < minY || y > maxY) {
                return;
            }
            if (wall(layerBase + y * width + x)) {
                return;
            }
            const node = this.local(x, y);
            if (this.closed[node] === this.generation) {
                return;
            }
            if (this.seen[node] === this.generation && this.heapPos[node] !== 0) {
                if (cost < this.g[node]) {
                    this.g[node] = cost;
                    this.f[node] = cost + Math.abs(x - tx) + Math.abs(y - ty);
                    this.parent[node] = from;
                    this.siftUp(this.heapPos[node] - 1);
                }
                return;
            }
            this.open(node, cost, cost + Math.abs(x - tx) + Math.abs(y - ty), from);
        }

        open(node, cost, priority, from) {
            this.seen[node] = this.generation;
            this.g[node] = cost;
            this.f[node] = priority;
            this.parent[node] = from;
            this.heap[this.heapSize] = node;
            this.heapPos[node] = this.heapSize + 1;
            this.siftUp(this.heapSize++);
        }

        pop() {
            const heap = this.heap;
            const top = heap[0];
            this.heapPos[top] = 0;
            this.heapSize--;
            if (this.heapSize > 0) {
                heap[0] = heap[this.heapSize];
                this.heapPos[heap[0]] = 1;
                this.siftDown(0);
            }
            return top;
        }

        siftUp(i) {
            const heap = this.heap;
            const node = heap[i];
            while (i > 0) {
                const up = (i - 1) >>> 1;
                if (!this.before(node, heap[up])) {
                    break;
                }
                heap[i] = heap[up];
                this.heapPos[heap[i]] = i + 1;
                i = up;
            }
            heap[i] = node;
            this.heapPos[node] = i + 1;
        }

        siftDown(i) {
            const heap = this.heap;
            const node = heap[i];
            while (true) {
                let child = 2 * i + 1;
                if (child >= this.heapSize) {
                    break;
                }
                if (child + 1 < this.heapSize && this.before(heap[child + 1], heap[child])) {
                    child++;
                }
                if (!this.before(heap[child], node)) {
                    break;
                }
                heap[i] = heap[child];
                this.heapPos[heap[i]] = i + 1;
                i = child;
            }
            heap[i] = node;
            this.heapPos[node] = i + 1;
        }

        /** Lower f first; on a tie the deeper node (closer to the target), then the lower index. */
        before(a, b) {
            const f = this.f;
            if (f[a] !== f[b]) {
                return f[a] < f[b];
            }
            const g = this.g;
            if (g[a] !== g[b]) {
                return g[a] > g[b];
            }
            return a < b;
        }

        path(target) {
            const length = this.g[target];
            const steps = new Array(length);
            const w = this.windowWidth;
            let node = target;
            for (let i = length - 1; i >= 0; i--) {
                const from = this.parent[node];
                const dx = node % w - from % w;
                const dy = Math.floor(node / w) - Math.floor(from / w);
                steps[i] = dx === 1 ? 'E' : dx === -1 ? 'W' : dy === 1 ? 'S' : 'N';
                node = from;
            }
            return steps;
        }

        local(x, y) {
            return (y - this.originY) * this.windowWidth + (x - this.originX);
        }

        nextGeneration() {
            if (++this.generation === 0x7fffffff) {
                this.seen.fill(0);
                this.closed.fill(0);
                this.generation = 1;
            }
        }
    }

    function inside(x, y, minX, minY, maxX, maxY) {
        return x >= minX && x <= maxX && y >= minY && y <= maxY;
    }

    const api = Object.freeze({PathFinder});
    root.LorPath = api;
    if (typeof module !== 'undefined' && module.exports) {
        module.exports = api;
    }
}(typeof window !== 'undefined' ? window : globalThis));
