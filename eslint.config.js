import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'bench/results/', 'data/', '.react-router/', 'node_modules/', 'test-results/', 'drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // A lesson turned into a rule (docs/decisions/0004): public pages ship no icon runtime.
    files: ['app/root.tsx', 'app/routes/public/**', 'app/routes/account/**', 'app/components/**', 'app/modules/lawyers/components/**', 'app/modules/content/components/**', 'app/modules/subscriptions/components/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'lucide-react', message: 'Use ~/components/ui/icons: public pages ship no icon runtime.' }] }],
    },
  },
  {
    // Layers point one way (docs/decisions/0037): the catalogue and CNJ numbers (app/domain), the helpers
    // (app/lib), the schema (app/db), the configuration and the adapters (app/integrations) never import
    // the modules, the jobs, the auth instance or the routes above them. Tests included.
    files: ['app/domain/**', 'app/lib/**', 'app/db/**', 'app/integrations/**', 'app/config.server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(~/|(\\.\\./)+)(modules|jobs|auth|routes)(/|$)|^(~/|(\\.\\./)+)(services\\.server|entry\\.server|root|page-cache-key\\.server)$',
              message: 'A lower layer (domain, lib, db, config, integrations) never imports modules, jobs, auth or routes: docs/decisions/0037.',
            },
          ],
        },
      ],
    },
  },
  {
    // The bottom layer: the catalogue and CNJ numbers are browser-safe and import only each other
    // (across folders the app imports through `~/`).
    files: ['app/domain/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^~/(?!domain/)',
              message: 'app/domain imports only app/domain (and packages): docs/decisions/0037.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'lucide-react', message: 'Use ~/components/ui/icons: public pages ship no icon runtime.' }],
          patterns: [{ group: ['~/modules/*'], message: 'components/ui never imports modules.' }],
        },
      ],
    },
  },
);
