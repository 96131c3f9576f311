import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The syntax refused in every backend source file (the rule's options, shared by the blocks below). */
const backendRestrictedSyntax = [
  ...[
    'CallExpression[callee.property.name=/^(startsWith|endsWith|includes|has|indexOf|test|match)$/] > Literal[value=/^\\/api(\\/|$)/i]',
    'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^\\/api(\\/|$)/i]',
    "NewExpression[callee.name='Set'] Literal[value=/^\\/api(\\/|$)/i]",
    'CallExpression[callee.property.name=/^(startsWith|endsWith|includes|has|indexOf|test|match)$/] > TemplateLiteral > TemplateElement[value.raw=/^\\/api(\\/|$)/i]',
  ].map((selector) => ({
    selector,
    message: 'Decide whether a path is an API call with isApiPath / RouteSet (backend/src/core/http/api-path.ts).',
  })),
  // Inside a transaction nothing waits on a query outside it (docs/adr/0009): a memo's pending
  // promise may be a read another request started, waiting for the connection the transaction
  // holds (on the embedded database, the only one), and so may a shared reader called without
  // the transaction's manager, or a query through the DataSource.
  ...[
    {
      selector: "CallExpression[callee.property.name='memo']",
      message: 'A memo is never read inside a transaction: read it before the transaction opens',
    },
    {
      selector:
        'CallExpression[callee.object.property.name=/^(siteSettings|settings|contentVersion)$/][callee.property.name=/^(current|settings|publicSettings|enquiryInbox|privacyInbox|playbookUrl)$/][arguments.length=0]',
      message:
        "Inside a transaction, give a shared reader the transaction's manager, or read it before the transaction opens",
    },
    {
      selector: "MemberExpression[object.type='ThisExpression'][property.name='dataSource']",
      message: "A query through the DataSource inside a transaction runs outside it: use the transaction's manager",
    },
  ].map(({ selector, message }) => ({
    selector: `CallExpression[callee.property.name=/^(transaction|run)$/] > :function ${selector}`,
    message: `${message} (docs/adr/0009-persistence-and-transactions.md).`,
  })),
];

/**
 * SQL lives in repositories (docs/adr/0009-persistence-and-transactions.md): outside a
 * `*.repository.ts`, `backend/src/database/` and the tests, no `.query(` call and no `DataSource`.
 * A service receives repositories and runs transactions through `Transactions.run`.
 */
const persistenceRestrictedSyntax = [
  {
    selector: "CallExpression[callee.property.name='query']",
    message:
      'SQL lives in a repository method (`*.repository.ts` or backend/src/database/), never in a service (docs/adr/0009-persistence-and-transactions.md).',
  },
  {
    selector: 'ImportSpecifier[imported.name=/^(DataSource|InjectDataSource)$/]',
    message:
      'Only repositories and backend/src/database/ hold the DataSource: a service runs transactions through Transactions.run and queries through repository methods (docs/adr/0009-persistence-and-transactions.md).',
  },
];

/**
 * A personal-data declaration (`*.personal-data.ts`) says in words what a table holds and takes its
 * statements from its module's repository (`PersonalDataStatements`, backend/src/database/personal-data-rows.ts):
 * no SQL text, and none of the database layer's query helpers to run it through.
 */
const personalDataRestrictedSyntax = [
  ...[
    'Literal[value=/\\b(SELECT|DELETE FROM|UPDATE|INSERT INTO)\\b/]',
    'TemplateElement[value.raw=/\\b(SELECT|DELETE FROM|UPDATE|INSERT INTO)\\b/]',
  ].map((selector) => ({
    selector,
    message:
      'A personal-data declaration holds no SQL: its statements are named methods of the module’s repository (docs/adr/0009-persistence-and-transactions.md).',
  })),
  {
    selector: 'ImportDeclaration[source.value=/\\/database\\//]',
    message:
      'A personal-data declaration takes its statements from its module’s repository, not from backend/src/database/ (docs/adr/0009-persistence-and-transactions.md).',
  },
];

/** One ESLint configuration for the whole tree, with type information. */
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'data/**', 'playwright-report/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React Router's idiom: loaders throw `data(...)` and `redirect(...)` responses.
    files: ['frontend/src/routes/**/*.tsx', 'frontend/src/components/**/*.ts'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    // React Router runs in declarative mode under the project's own route-data layer (ADR 0002):
    // its data-router hooks and components type-check but fail at run time. The layer's own
    // versions live in @/app/data-router; what it does not offer (actions, fetchers, <Form>) is done
    // with plain requests (lib/api).
    files: ['frontend/**/*.{ts,tsx}'],
    ignores: [
      'frontend/src/app/data-router.tsx',
      'frontend/src/app/browser-router.tsx',
      'frontend/src/components/ui/link.tsx',
      'frontend/test/vendor-internals.test.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['react-router', 'react-router-dom'].map((name) => ({
          name,
          importNames: [
            'useLoaderData',
            'useRouteLoaderData',
            'useRouteError',
            'useNavigation',
            'useRevalidator',
            'useMatches',
            'useActionData',
            'useFetcher',
            'useFetchers',
            'useSubmit',
            'useBlocker',
            'Form',
            'ScrollRestoration',
            'RouterProvider',
            'createBrowserRouter',
            'createStaticRouter',
            'createStaticHandler',
          ],
          message:
            "The route-data layer (ADR 0002) does not run React Router's data router: use the export of the same name from @/app/data-router, or a plain request through @/lib/api.",
        })),
        ...['react-router', 'react-router-dom'].map((name) => ({
          name,
          importNames: ['Link', 'NavLink'],
          message:
            'Use Link and NavLink from @/components/ui/link: they render no data-discover attribute (no route discovery here, ADR 0002).',
        })),
      ],
    },
  },
  {
    // Tests of the route-data layer reject loaders with those responses too.
    files: ['frontend/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/only-throw-error': 'off', '@typescript-eslint/prefer-promise-reject-errors': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'e2e/**/*.ts', 'backend/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The rules of hooks and the React Compiler's checks, for every component and hook.
    files: ['frontend/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // Whether a path is an API call is decided once, as the router matches it (any case, optional
    // trailing slash): backend/src/core/http/api-path.ts. A comparison with a literal '/api…' path
    // (startsWith, ===, a Set of paths) would let `/API/…` past a guard that the route still answers.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/core/http/api-path.ts'],
    rules: { 'no-restricted-syntax': ['error', ...backendRestrictedSyntax] },
  },
  {
    // The same file set less repositories, the database layer and tests: no SQL, no DataSource.
    // One block replaces the rule's options of the block above, so it repeats them.
    files: ['backend/src/**/*.ts'],
    ignores: [
      'backend/src/core/http/api-path.ts',
      'backend/src/**/*.repository.ts',
      'backend/src/database/**',
      'backend/src/**/*.spec.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...backendRestrictedSyntax, ...persistenceRestrictedSyntax] },
  },
  {
    // Personal-data declarations: the rule's options of the block above, and no SQL text.
    files: ['backend/src/**/*.personal-data.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...backendRestrictedSyntax,
        ...persistenceRestrictedSyntax,
        ...personalDataRestrictedSyntax,
      ],
    },
  },
  {
    // Plain JavaScript (bench, scripts, this file): the same rules, without type information.
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Without a type checker, a name that is defined nowhere (a helper renamed, a missing import)
    // shows only when the script runs: Node's globals and nothing else.
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
    rules: { 'no-undef': 'error' },
  },
);
