import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', '.tmp/', 'node_modules/', 'test-results/', 'data/', 'public/'] },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.ts', 'eslint.config.js'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Only the two classic hook rules: the plugin's React Compiler rules assume code written for the compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // `_`-prefixed names mark deliberately unused parameters and destructured leftovers.
      // Loose equality only where meant (the schema expression language's == and != say so inline); `x == null` covers undefined too.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Off: the patterns that match control characters exist to strip them from file names and XML.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
