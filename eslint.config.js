import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default defineConfig(
  // data/ is the default DATA_DIR of a local server; public/ holds static files served as they are.
  { ignores: ['dist/', '.tmp/', 'node_modules/', 'test-results/', 'data/', 'public/'] },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.ts', 'eslint.config.js'],
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
  // A core-table query through the untyped `database.db` would still compile; this keeps them on `database.core`.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.object.property.name='db'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/][arguments.0.value=/^sys_/]",
        message: 'Core tables are typed: query them through database.core (db/coreDatabase.ts).',
      }],
    },
  },
  // Plain JavaScript is not type-checked, so no-undef needs to know Node's globals.
  { files: ['scripts/**/*.mjs', 'eslint.config.js'], languageOptions: { globals: globals.node } },
);
