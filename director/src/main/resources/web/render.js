/*
 * Drawing the world on the canvas: the map around the own entity (at the centre), portals, objects, the other
 * entities, the own entity where prediction puts it, and the connection's state over a picture that is not live.
 * Adds to LorPage: requestRender.
 */
(function (page) {
    'use strict';

    const P = window.LorPrediction;
    const O = window.LorObjects;
    const {el, lor, live} = page;

    const CELL_PX = 12;

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

    const ctx = el.view.getContext('2d');

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
        if (!live.mapData || !Number.isInteger(lor.x)) {
            ctx.fillStyle = '#8a8f9c';
            ctx.font = '16px sans-serif';
            ctx.textAlign = 'center';
            ctx.fillText(lor.connection === 'connected' ? 'loading the map…' : lor.connection + '…', w / 2, h / 2);
            return;
        }
        const map = live.mapData;
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

    Object.assign(page, {requestRender});
}(window.LorPage));
