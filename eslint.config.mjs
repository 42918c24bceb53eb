import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import checkFile from 'eslint-plugin-check-file';
import drizzle from 'eslint-plugin-drizzle';
import fs from 'node:fs';

const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', 'data/**', 'drizzle/**', 'next-env.d.ts', 'test-results/**'] },
  {
    plugins: { 'check-file': checkFile, drizzle },
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      // DESIGN.md §3: kebab-case file and folder names.
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/!(app)/**/': 'KEBAB_CASE' }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-cycle': 'error',
      // Import direction: app → features → (components, server, lib, i18n); no feature imports another.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in the page.',
            })),
            {
              target: ['./src/components', './src/server', './src/lib', './src/i18n'],
              from: ['./src/features', './src/app'],
              message: 'Shared code does not import features or routes.',
            },
            { target: './src/features', from: './src/app', message: 'Features do not import routes.' },
            {
              target: './src/lib',
              from: ['./src/server', './src/components'],
              message: 'lib/ is pure and isomorphic.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration from src/env.ts.',
        },
      ],
      '@next/next/no-img-element': 'off',
    },
  },
  {
    files: ['src/env.ts', 'src/instrumentation.ts', 'tests/**', '*.config.ts', 'bench/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/app/**', 'src/features/**', 'src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'next/link', message: 'Use a plain <a> with localizedHref from @/i18n/navigation (localized URLs, no client router: decision 0007).' },
            {
              name: 'drizzle-orm',
              message: 'Only repositories (features/*/server/*repository.ts) touch Drizzle.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests set up their fixtures in the database directly.
    files: ['src/features/*/server/*repository.ts', 'src/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
];

export default config;
