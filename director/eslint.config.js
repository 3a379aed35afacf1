// Lint for the browser client (src/main/resources/web), run by `mvn verify` (this module's pom) through
// `npm run lint`. The rules are eslint's recommended set, which catches real bugs (an undefined name, an unused
// variable, an unreachable branch), and a few that hold the page to how it is written: strict equality, const
// where nothing reassigns, braces on every branch. Import cycles are checked by lint/import-cycles.js.
import js from '@eslint/js';
import globals from 'globals';

export default [
    {
        files: ['src/main/resources/web/**/*.js'],
        ...js.configs.recommended,
        languageOptions: {
            ecmaVersion: 2022,
            sourceType: 'module',
            globals: globals.browser,
        },
        linterOptions: {
            reportUnusedDisableDirectives: 'error',
        },
        rules: {
            ...js.configs.recommended.rules,
            // `catch (ignored)` says on purpose that the error does not matter.
            'no-unused-vars': ['error', {caughtErrors: 'all', caughtErrorsIgnorePattern: '^(ignored|e)$'}],
            'eqeqeq': ['error', 'always', {null: 'ignore'}],
            'prefer-const': 'error',
            'no-var': 'error',
            'curly': ['error', 'all'],
            'no-shadow': ['error', {hoist: 'never'}],
            'no-use-before-define': ['error', {functions: false, classes: false, variables: false}],
            'no-implicit-globals': 'error',
            'no-promise-executor-return': 'error',
            'no-self-compare': 'error',
            'no-template-curly-in-string': 'error',
            'no-unmodified-loop-condition': 'error',
            'no-unreachable-loop': 'error',
            'array-callback-return': 'error',
            'default-case-last': 'error',
            'no-throw-literal': 'error',
        },
    },
    {
        // The operator page's two files are classic scripts, each an IIFE (admin.html loads them in order).
        files: ['src/main/resources/web/admin.js', 'src/main/resources/web/admin-registry.js'],
        languageOptions: {
            sourceType: 'script',
        },
    },
    {
        files: ['eslint.config.js', 'lint/**/*.js'],
        ...js.configs.recommended,
        languageOptions: {
            ecmaVersion: 2022,
            sourceType: 'module',
            globals: globals.node,
        },
    },
];
