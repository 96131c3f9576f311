/** Jest in native ESM mode (NestJS 12 is ESM-only); SWC compiles TypeScript with decorator metadata. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const shared = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@northbeam/common$': '<rootDir>/../common/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
};

export default {
  // A project-level testTimeout is ignored by Jest; hooks that start the app on the embedded database need it too.
  testTimeout: 60000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      rootDir: '.',
      roots: ['<rootDir>/src', '<rootDir>/../common/src'],
      testMatch: ['**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'api',
      rootDir: '.',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      testTimeout: 60000,
    },
  ],
};
