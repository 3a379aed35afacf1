/*
 * The operator page's forms for worlds made while the director runs: create a world from a map and settings,
 * change a world's name and settings, create a template and make numbered instances of it, remove a template.
 * Maps and content packs to choose from come from GET /api/admin/content; every refusal shows the director's own
 * message, which names the field. Uses LorAdmin from admin.js.
 */
(function () {
    'use strict';

    const admin = window.LorAdmin;
    const el = {
        worldForm: document.getElementById('world-form'),
        changeForm: document.getElementById('change-form'),
        templateForm: document.getElementById('template-form'),
        templates: document.querySelector('#templates tbody'),
        settingsTemplate: document.getElementById('settings-template'),
    };
    let contentLoaded = false;

    for (const form of [el.worldForm, el.templateForm]) {
        form.querySelector('.settings-fields').appendChild(el.settingsTemplate.content.cloneNode(true));
    }

    /** The director's error for a refused request, or the status when it gave none. */
    function refusal(answer) {
        return answer.body && answer.body.error ? answer.body.error : 'HTTP ' + answer.status;
    }

    /** Settings from a form's fields: only what differs from a world's defaults, so the document stays small. */
    function settingsOf(form) {
        const f = form.elements;
        const settings = {map: f.map.value};
        if (f.content.value) {
            settings.content = f.content.value;
        }
        settings.npcs = Number(f.npcs.value);
        if (Number(f.viewRadius.value) !== 24) {
            settings.viewRadius = Number(f.viewRadius.value);
        }
        if (f.spawn.value !== 'nearest') {
            settings.spawn = f.spawn.value;
        }
        return settings;
    }

    function fill(select, names) {
        for (const name of names) {
            const option = document.createElement('option');
            option.value = name;
            option.textContent = name;
            select.appendChild(option);
        }
    }

    async function loadContent() {
        const answer = await admin.call('GET', '/api/admin/content');
        if (answer.status !== 200) {
            admin.say('Cannot list the maps and content packs: ' + refusal(answer), 'error');
            return;
        }
        contentLoaded = true;
        for (const form of [el.worldForm, el.templateForm]) {
            fill(form.elements.map, answer.body.maps);
            fill(form.elements.content, answer.body.contentPacks);
        }
    }

    async function submit(form, method, path, body, success) {
        const button = form.querySelector('button[type=submit]');
        button.disabled = true;
        try {
            const answer = await admin.call(method, path, body);
            if (answer.status === 200 || answer.status === 201) {
                admin.say(success(answer.body));
                form.reset();
                admin.refresh();
                loadTemplates();
            } else if (answer.status === 401) {
                admin.signOut('The director refused this token.');
            } else {
                admin.say(refusal(answer), 'error');
            }
        } catch (e) {
            admin.say('Cannot reach the director: ' + e.message, 'error');
        } finally {
            button.disabled = false;
        }
    }

    el.worldForm.addEventListener('submit', (event) => {
        event.preventDefault();
        const f = el.worldForm.elements;
        submit(el.worldForm, 'POST', '/api/admin/worlds',
            {worldId: f.id.value.trim(), name: f.name.value, settings: settingsOf(el.worldForm)},
            (w) => 'Created ' + w.worldId + ': the first join starts it.');
    });

    el.templateForm.addEventListener('submit', (event) => {
        event.preventDefault();
        const f = el.templateForm.elements;
        submit(el.templateForm, 'POST', '/api/admin/templates',
            {templateId: f.id.value.trim(), name: f.name.value, settings: settingsOf(el.templateForm)},
            (t) => 'Created template ' + t.templateId + '.');
    });

    el.changeForm.addEventListener('submit', (event) => {
        event.preventDefault();
        const f = el.changeForm.elements;
        let patch;
        try {
            patch = JSON.parse(f.patch.value || '{}');
        } catch (e) {
            admin.say('The settings patch is not JSON: ' + e.message, 'error');
            return;
        }
        const body = {settings: patch};
        if (f.name.value.trim()) {
            body.name = f.name.value;
        }
        submit(el.changeForm, 'PATCH', '/api/admin/worlds/' + encodeURIComponent(f.world.value), body,
            (w) => 'Changed ' + w.worldId + (w.status === 'stopped' ? '.'
                : ': it is ' + w.status + ' and takes the new settings at its next start.'));
    });

    /** Keeps the change form's choice of worlds in step with the table, keeping the current choice. */
    admin.onWorlds((worlds) => {
        const select = el.changeForm.elements.world;
        const ids = worlds.map((w) => w.worldId);
        if (select.options.length === ids.length && ids.every((id, i) => select.options[i].value === id)) {
            return;
        }
        const chosen = select.value;
        select.replaceChildren();
        fill(select, ids);
        if (ids.includes(chosen)) {
            select.value = chosen;
        }
        if (!contentLoaded) {
            loadContent();
            loadTemplates();
        }
    });

    async function loadTemplates() {
        const answer = await admin.call('GET', '/api/admin/templates');
        if (answer.status !== 200) {
            return;
        }
        el.templates.replaceChildren();
        for (const t of answer.body) {
            const tr = document.createElement('tr');
            tr.dataset.template = t.templateId;
            const cells = [t.name + ' (' + t.templateId + ')', JSON.stringify(t.settings),
                t.instances.length ? t.instances.join(', ') : '–'];
            ['name', 'settings', 'instances'].forEach((c, i) => {
                const td = document.createElement('td');
                td.className = c;
                td.textContent = cells[i];
                tr.appendChild(td);
            });
            const actions = document.createElement('td');
            actions.className = 'action';
            actions.append(button('New instance', 'instance', () => templateAction(t.templateId, 'POST',
                '/instances', (w) => 'Made ' + w.worldId + ': join it like any world.')),
            button('Remove', 'remove', () => templateAction(t.templateId, 'DELETE', '',
                () => 'Removed template ' + t.templateId + '.')));
            tr.appendChild(actions);
            el.templates.appendChild(tr);
        }
    }

    function button(text, className, onClick) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = className;
        b.textContent = text;
        b.addEventListener('click', onClick);
        return b;
    }

    async function templateAction(templateId, method, path, success) {
        try {
            const answer = await admin.call(method, '/api/admin/templates/' + encodeURIComponent(templateId) + path);
            if (answer.status === 200 || answer.status === 201) {
                admin.say(success(answer.body));
            } else {
                admin.say(refusal(answer), 'error');
            }
        } catch (e) {
            admin.say('Cannot reach the director: ' + e.message, 'error');
        }
        admin.refresh();
        loadTemplates();
    }
})();
