// Fails when the ES modules of a folder import each other in a cycle (eslint's core rules cannot see across files).
// The page's parts that need each other are wired with callbacks in app.js instead (web/app.js says which).
// Usage: node lint/import-cycles.js DIR
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'espree';

const dir = process.argv[2];
if (!dir) {
    console.error('usage: node lint/import-cycles.js DIR');
    process.exit(2);
}

/** Module name -> the names of the modules of `dir` it imports statically ('./x.js' or '/x.js'). */
const imports = new Map();
for (const name of readdirSync(dir).filter((n) => n.endsWith('.js')).sort()) {
    const source = readFileSync(join(dir, name), 'utf8');
    let program;
    try {
        program = parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
    } catch {
        continue; // a classic script (the operator page's), which imports nothing
    }
    const targets = [];
    for (const node of program.body) {
        const from = node.source && node.source.value;
        if (typeof from === 'string' && /^\.?\/[^/]+\.js$/.test(from)) {
            targets.push(from.slice(from.lastIndexOf('/') + 1));
        }
    }
    imports.set(name, targets);
}

/** Depth-first search; a module met again while it is on the path closes a cycle. */
const done = new Set();
const path = [];
function visit(name) {
    const at = path.indexOf(name);
    if (at >= 0) {
        console.error('import cycle: ' + path.slice(at).concat(name).join(' -> '));
        process.exit(1);
    }
    if (done.has(name) || !imports.has(name)) {
        return;
    }
    path.push(name);
    for (const target of imports.get(name)) {
        visit(target);
    }
    path.pop();
    done.add(name);
}
for (const name of imports.keys()) {
    visit(name);
}
console.log('no import cycle among the ' + imports.size + ' modules of ' + dir);
