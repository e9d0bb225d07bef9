import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The server's layers, top to bottom (docs/ARCHITECTURE.md, "Server layers"): a file imports only from its
// own layer and the ones below. Entries are folders of src/server, or its top-level files.
const SERVER_LAYERS = [
  ['main.ts', 'app.ts', 'operations.ts'],
  ['routes', 'plugins'],
  ['areas'],
  ['actions', 'jobs', 'import', 'export', 'schemas', 'demo'],
  ['services', 'data', 'sms'],
  ['db', 'security', 'connectors', 'i18n'],
  ['context.ts', 'config.ts', 'errors.ts', 'sampleData'],
];

const SERVER_BROWSER_PATTERNS = [
  {
    group: ['react', 'react-dom', 'antd', 'antd/*', '@ant-design/*', '@formily/*', 'swr', 'axios', 'react-router-dom'],
    message: 'The server does not load browser libraries.',
  },
  {
    group: ['**/engine/**', '**/console/**', '**/widgets/**', '**/portal/**', '**/login/**', '**/utils/**'],
    message: 'The server imports src/shared for what it has in common with the browser.',
  },
];

/**
 * A file of src/server/areas/<area>/ (depth 2 below src/server, or 3 in a subfolder) reaches another
 * area only through its entry, `../<other>/index.js`: what an area offers the others is what its
 * index.ts exports (docs/ARCHITECTURE.md, "Business areas").
 */
function otherAreaInsides(depth) {
  const toAreas = String.raw`\.\./`.repeat(depth - 1);
  return {
    regex: String.raw`^${toAreas}(?!\.\.?/)[^/]+/(?!index(\.js)?$)`,
    message: 'Another business area is imported through its entry (../<area>/index.js): export what is needed from there.',
  };
}

/**
 * One no-restricted-imports block per layer entry and folder depth: relative import paths are matched
 * as written, so the way up to src/server ('../' per folder level) is part of each pattern, which keeps
 * src/shared/routes and the like out of them.
 */
function serverImportRules() {
  const blocks = [
    {
      files: ['src/server/**/*.ts'],
      ignores: ['**/*.test.ts', 'src/server/test/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: SERVER_BROWSER_PATTERNS }] },
    },
  ];
  const target = (up, entry) => (entry.endsWith('.ts') ? [up + entry.replace(/\.ts$/, '.js')] : [up + entry, up + entry + '/**']);
  const rule = (up, layer, extra = []) => {
    const above = SERVER_LAYERS.slice(0, layer).flat();
    const patterns = [...SERVER_BROWSER_PATTERNS, ...extra];
    if (above.length)
      patterns.push({
        group: above.flatMap((entry) => target(up, entry)),
        message:
          'The server imports downward only (docs/ARCHITECTURE.md, "Server layers"): move what both need down, or pass a callback in.',
      });
    return { 'no-restricted-imports': ['error', { patterns }] };
  };
  SERVER_LAYERS.forEach((entries, layer) => {
    for (const entry of entries) {
      if (entry.endsWith('.ts')) blocks.push({ files: [`src/server/${entry}`], rules: rule('./', layer) });
      else
        for (let depth = 1; depth <= 3; depth++)
          blocks.push({
            files: [`src/server/${entry}/${'*/'.repeat(depth - 1)}*.ts`],
            ignores: ['**/*.test.ts'],
            rules: rule('../'.repeat(depth), layer, entry === 'areas' && depth >= 2 ? [otherAreaInsides(depth)] : []),
          });
    }
  });
  return blocks;
}

export default defineConfig(
  // data/ is the default DATA_DIR of a local server; public/ holds static files served as they are.
  { ignores: ['dist/', 'dist-server/', '.tmp/', 'node_modules/', 'test-results/', 'data/', 'public/'] },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,tsx,mjs}', '*.ts', 'eslint.config.js'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Only the two classic hook rules: the plugin's React Compiler rules assume code written for the compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Loose equality only where meant (the schema expression language's == and != say so on their lines);
      // `x == null` also matches undefined, on purpose.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Off: the patterns that match control characters exist to strip them from file names and XML.
      'no-control-regex': 'off',
      // Destructuring a key away to keep the rest (`{ demo: _d, ...rest }`) is how a field is dropped from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // database.db is typed too (AppDatabase), but a page may add columns to a core table there: code of the core tables stays on database.core.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.property.name='db'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/][arguments.0.value=/^sys_/]",
          message: 'Core tables are typed: query them through database.core (db/coreDatabase.ts).',
        },
        {
          selector: "NewExpression[callee.name='AppError']",
          message:
            'Raise errors through the helpers of src/server/errors.ts (one per status), so a refusal answers the same status everywhere.',
        },
      ],
    },
  },
  { files: ['src/server/errors.ts'], rules: { 'no-restricted-syntax': 'off' } },
  // The boundaries of src/shared (docs/ARCHITECTURE.md): shared modules import no browser code, and
  // the server imports only itself, src/shared and the message files.
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-dom/*',
                'antd',
                'antd/*',
                '@ant-design/*',
                '@formily/react',
                '@formily/antd-v5',
                'swr',
                'swr/*',
                'axios',
                'react-router-dom',
                'echarts',
                'echarts/*',
              ],
              message: 'src/shared runs on the server too: no browser libraries.',
            },
            {
              group: ['**/engine/**', '**/console/**', '**/widgets/**', '**/portal/**', '**/login/**', '**/server/**'],
              message: 'src/shared imports only src/shared (and JSON data).',
            },
          ],
        },
      ],
    },
  },
  ...serverImportRules(),
  // The browser's layers (docs/ARCHITECTURE.md, "Dependencies point one way"), each importing only those
  // below it: src/client (the request transport, the token, the session-reset event) at the bottom;
  // engine/data, engine/session and engine/schema (the engine's requests, the signed-in user, schema to
  // form) on it, with widgets (the field components) beside them; controllers (a view's behaviour, no
  // drawing) on the engine's bottom; renderers (the views) on top. An import upwards fails here.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/engine',
                '**/engine/**',
                '**/widgets',
                '**/widgets/**',
                '**/console',
                '**/console/**',
                '**/portal',
                '**/portal/**',
                '**/login',
                '**/login/**',
              ],
              message:
                'src/client is below every browser app: the engine, the widgets, the console, the portal and the sign-in screen build on it, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/data/**/*.ts', 'src/engine/session/**/*.ts', 'src/engine/schema/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderers', '**/renderers/**', '**/controllers', '**/controllers/**', '**/widgets', '**/widgets/**'],
              message: "The engine's data, session and schema modules are below widgets, controllers and views: they import none of them.",
            },
          ],
        },
      ],
    },
  },
  // Tests included: a test that needs the engine tests the engine, and sits beside it.
  {
    files: ['src/widgets/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine', '**/engine/**'],
              message: 'The engine renders widgets, not the other way: a widget calls the server through src/client.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/controllers/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderers', '**/renderers/**', '**/widgets', '**/widgets/**', '**/routes/registry'],
              message: 'Controllers hold what a view does, not how it looks: views import controllers, never the reverse.',
            },
            {
              group: ['antd', 'antd/*', '@ant-design/*', '@formily/react', '@formily/antd-v5', 'echarts', 'echarts/*'],
              message: 'Controllers draw nothing: they tell the view through what they return and an injected notifier.',
            },
          ],
        },
      ],
    },
  },
  // Views draw what their controller gives them: the requests, and the cache that holds their answers, are the controller's.
  {
    files: ['src/engine/renderers/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/data/pageApi'],
              importNames: ['pageApi'],
              message: 'A view asks its controller (src/engine/controllers), not the API.',
            },
            {
              group: ['**/data/opsApi'],
              importNames: ['opsApi'],
              message: 'A view asks its controller (src/engine/controllers), not the API.',
            },
            { group: ['**/client/request', 'swr', 'swr/*'], message: 'A view asks its controller (src/engine/controllers), not the API.' },
          ],
        },
      ],
    },
  },
  // Plain JavaScript is not type-checked, so no-undef needs to know Node's globals.
  { files: ['scripts/**/*.mjs', 'eslint.config.js'], languageOptions: { globals: globals.node } },
);
