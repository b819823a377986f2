import type { Config } from 'jest';
import { browserTestsSelected, CHROMIUM_PATH } from './test/browser/chromium';

// The browser tests run where Chromium is (and always under REQUIRE_BROWSER=1, as CI sets it).
const browserTests = browserTestsSelected();
if (!browserTests) {
  console.warn(`No Chromium at ${CHROMIUM_PATH}: the browser tests of /api/docs/ are not in this run (apt-get install chromium, or set CHROMIUM_PATH).`);
}

// Every repository and HTTP suite runs on SQLite; when TEST_DATABASE_URL names a
// Postgres database it runs there too (each test file in a schema of its own).
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(browserTests ? [] : ['<rootDir>/test/browser/'])],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true }] },
  setupFiles: ['reflect-metadata'],
  // A test file that leaves a server process running fails, and the process is killed.
  setupFilesAfterEnv: ['<rootDir>/test/support/no-leftover-servers.ts'],
  testTimeout: 30_000,
};

export default config;
