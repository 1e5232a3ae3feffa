import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tools/', '.smi-bench/', 'logs/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node built-ins, no I/O.
    files: ['src/workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'child_process', 'os'],
              message: 'Workflows must not do I/O.',
            },
            {
              group: ['../activities/*', '../activities/**'],
              allowTypeImports: true,
              message: 'Import activities as types only.',
            },
            {
              group: ['../core/checksum.js', '../core/phase1-result-json.js', '../run-store/*', '../move/*'],
              message: 'These modules use Node built-ins; call them from activities.',
            },
          ],
        },
      ],
    },
  },
);
