import { killLeftoverServers } from './server-process';

// Runs after each test file's own afterAll hooks: a server process the file
// started and never stopped (a start that failed half way, a forgotten stop)
// is killed, and the file fails saying so.
afterAll(() => {
  const leftover = killLeftoverServers();
  if (leftover > 0) throw new Error(`${leftover} server process(es) were still running at the end of this test file`);
});
