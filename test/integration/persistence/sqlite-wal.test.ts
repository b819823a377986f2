import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { enableWriteAheadLog } from '../../../adapters/persistence/sqlite-wal';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Two instances started together on one data directory open the same new
 * database files (the service's, the rate limits') at the same moment; both
 * switch them to WAL. SQLite refuses one of two such switches at once, so a
 * plain `PRAGMA journal_mode = WAL` made one instance fail to start now and
 * then (one pair in three when their opens coincide).
 */
describe('switching a new SQLite file to WAL', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wal-switch-'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('succeeds in both of two threads that open the same new file at the same moment, sixty files in a row', async () => {
    const files = 60;
    const barrier = new SharedArrayBuffer(8);
    // Each thread opens file i once both have arrived at round i, switches it and reports the mode or the error.
    const code = `
      require('ts-node').register({ transpileOnly: true });
      const { workerData, parentPort } = require('node:worker_threads');
      const Database = require('better-sqlite3');
      const { enableWriteAheadLog } = require(${JSON.stringify(path.join(ROOT, 'adapters/persistence/sqlite-wal.ts'))});
      const turn = new Int32Array(workerData.barrier);
      for (let i = 0; i < workerData.files; i++) {
        if (Atomics.add(turn, 0, 1) % 2 === 0) Atomics.wait(turn, 1, i);
        else { Atomics.store(turn, 1, i + 1); Atomics.notify(turn, 1); }
        const db = new Database(require('node:path').join(workerData.dir, 'f' + i + '.db'));
        try { parentPort.postMessage(enableWriteAheadLog(db)); } catch (error) { parentPort.postMessage(String(error.code)); }
        db.close();
      }`;
    const run = () =>
      new Promise<string[]>((resolve, reject) => {
        const outcomes: string[] = [];
        const worker = new Worker(code, { eval: true, workerData: { dir, files, barrier }, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' } });
        worker.on('message', (outcome: string) => outcomes.push(outcome));
        worker.on('error', reject);
        worker.on('exit', () => resolve(outcomes));
      });
    const [first, second] = await Promise.all([run(), run()]);
    expect(first).toEqual(Array(files).fill('wal'));
    expect(second).toEqual(Array(files).fill('wal'));
  }, 60_000);

  it('leaves the file in WAL mode for every later connection', () => {
    const file = path.join(dir, 'later.db');
    enableWriteAheadLog(new BetterSqlite3(file));
    const later = new BetterSqlite3(file);
    expect(later.pragma('journal_mode', { simple: true })).toBe('wal');
    later.close();
  });

  it('tries again while the switch is refused as busy, and returns the mode it reached', () => {
    let refusals = 2;
    const connection = {
      pragma: () => {
        if (refusals-- > 0) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
        return 'wal';
      },
    };
    expect(enableWriteAheadLog(connection)).toBe('wal');
    expect(refusals).toBe(-1);
  });

  it('gives up with the busy error once its wait is over', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const connection = {
      pragma: () => {
        throw busy;
      },
    };
    expect(() => enableWriteAheadLog(connection, 20)).toThrow(busy);
  });

  it('does not retry any other error', () => {
    let calls = 0;
    const readOnly = Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' });
    const connection = {
      pragma: () => {
        calls += 1;
        throw readOnly;
      },
    };
    expect(() => enableWriteAheadLog(connection)).toThrow(readOnly);
    expect(calls).toBe(1);
  });
});
