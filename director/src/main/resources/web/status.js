/*
 * The page's status line: where the player is and how its connection stands, as text, colour class and data-*
 * attributes (what the browser tests read). page.js calls `render` whenever either changes.
 */
/** Writes the state `lor` ({worldId, x, y, layer, entityId, connection, map}) into the element `s`. */
function render(s, lor) {
    const hasPos = Number.isInteger(lor.x) && Number.isInteger(lor.y);
    s.dataset.world = lor.worldId || '';
    s.dataset.x = hasPos ? String(lor.x) : '';
    s.dataset.y = hasPos ? String(lor.y) : '';
    s.dataset.layer = Number.isInteger(lor.layer) ? String(lor.layer) : '';
    s.dataset.entity = lor.entityId != null ? String(lor.entityId) : '';
    s.dataset.connection = lor.connection;
    if (!lor.worldId && (lor.connection === 'disconnected' || lor.connection === 'connected')) {
        // Not in a world (the landing page, the lobby): nothing is wrong, so nothing in red; a director
        // connection being retried still shows.
        s.textContent = 'not in a world';
        s.className = 'conn-idle';
        return;
    }
    const parts = [];
    parts.push(lor.worldId || 'no world');
    if (hasPos) {
        parts.push(lor.x + ',' + lor.y + (lor.map && lor.map.layers > 1 ? ' (layer ' + lor.layer + ')' : ''));
    }
    parts.push(lor.connection);
    s.textContent = parts.join(' · ');
    s.className = 'conn-' + lor.connection;
}

export {render};
