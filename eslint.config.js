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
