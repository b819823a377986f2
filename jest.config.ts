import type { Config } from 'jest';

// Every repository and HTTP suite runs on SQLite; when TEST_DATABASE_URL names a
// Postgres database it runs there too (each test file in a schema of its own).
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true }] },
  setupFiles: ['reflect-metadata'],
  testTimeout: 30_000,
};

export default config;
