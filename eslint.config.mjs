import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import checkFile from 'eslint-plugin-check-file';
import drizzle from 'eslint-plugin-drizzle';
import fs from 'node:fs';

const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const publicModules = features.flatMap((feature) => [`./${feature}/api.ts`, `./${feature}/server/api.ts`]);
const schemaModules = features.flatMap((feature) => [
  `./${feature}/server/schema.ts`,
  `./${feature}/server/image-search-schema.ts`,
]);

/** The import direction; a schema file may also name another feature's tables in its foreign keys. */
function directionZones({ schemaFile, seedAllowed = false }) {
  const seed = seedAllowed ? [] : ['./src/seed'];
  return [
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`, ...publicModules, ...(schemaFile ? schemaModules : [])],
      message: 'A feature uses another only through its api.ts or server/api.ts (decision 0030).',
    })),
    {
      target: ['./src/components', './src/server', './src/lib', './src/i18n'],
      from: ['./src/features', './src/app', ...seed],
      message: 'Shared code does not import features, routes or the demo seed.',
    },
    {
      target: './src/features',
      from: ['./src/app', ...seed],
      message: 'Features do not import routes or the demo seed.',
    },
    {
      target: './src/lib',
      from: ['./src/server', './src/components'],
      message: 'lib/ is pure and isomorphic.',
    },
  ];
}

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'bench/empty-next/.next/**',
      'node_modules/**',
      'data/**',
      'drizzle/**',
      'next-env.d.ts',
      'test-results/**',
    ],
  },
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
      // Import direction (decision 0030): app → features → (components, server, lib, i18n); a feature
      // uses another only through its api.ts (rules and types) or server/api.ts (server functions).
      'import/no-restricted-paths': ['error', { zones: directionZones({ schemaFile: false }) }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration from src/env.ts.',
        },
      ],
      '@next/next/no-img-element': 'off',
      // No client router (decision 0007): after a form's POST the page is loaded anew on purpose.
      '@next/next/no-location-assign-relative-destination': 'off',
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
            {
              name: 'next/link',
              message:
                'Use a plain <a> with localizedHref from @/i18n/navigation (localized URLs, no client router: decision 0007).',
            },
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
    // Tests set up their fixtures in the database directly; schema files declare the tables.
    files: ['src/features/*/server/*repository.ts', 'src/features/*/server/*schema.ts', 'src/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests build their fixtures with the demo seed; the server's entry point seeds an empty database.
    files: ['src/**/*.test.ts', 'src/server/main.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: directionZones({ schemaFile: false, seedAllowed: true }) },
      ],
    },
  },
  {
    files: ['src/features/*/server/*schema.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: directionZones({ schemaFile: true }) }] },
  },
];

export default config;
