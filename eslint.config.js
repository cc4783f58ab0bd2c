import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/*/*', '!**/modules/*/index*'], message: 'Import another module only through its index.ts' }] }],
    },
  },
  {
    files: ['apps/server/src/platform/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'platform/ imports no module' }] }] },
  },
);
