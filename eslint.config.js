import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './eslint-rules/layers.js';
import orgScopedQuery from './eslint-rules/org-scoped-query.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'e2e/screenshots/**',
      'bench/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { basira: { rules: { layers, 'org-scoped-query': orgScopedQuery } } },
    rules: { 'basira/layers': 'error' },
  },
  {
    // Tests and the test harness read across organizations on purpose.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/server/src/test/**'],
    rules: {
      'basira/org-scoped-query': [
        'error',
        {
          globalTables: ['countries', 'organizations', 'dataUpgrades'],
          scopingFunctions: ['inOrg', 'liveInOrg', 'sameOrg'],
        },
      ],
      // Rows that people edit carry `version`; the one way to change them is lib/versioned.ts (docs/architecture.md).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='update'][arguments.0.name=/^(users|roles|patients|queueEntries|examRecords|examOptions|supportRequests)$/]",
          message:
            'Write a versioned row through updateVersioned (lib/versioned.ts), or say why this write is not an edit.',
        },
      ],
    },
  },
  { files: ['packages/server/src/lib/versioned.ts'], rules: { 'no-restricted-syntax': 'off' } },
  {
    // One hook reads the texts: react-i18next's own copies the i18next instance for every component it draws.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation', 'withTranslation', 'Translation'],
              message: 'Read the texts with useTranslation from i18n/use-translation.ts.',
            },
          ],
        },
      ],
    },
  },
);
