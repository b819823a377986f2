import { signUp } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { startTestApp } from '../support/test-app';
import { ScryptPasswordHasher } from '../../adapters/security/scrypt-password-hasher';
import { Bench, timed } from './bench';

const REQUESTS = 200;

/** Basic authentication must not pay for scrypt on every request (contract section 3). */
export const basicAuthBench: Bench = async () => {
  const rates: number[] = [];
  for (const cacheSeconds of ['60', '0']) {
    const database = await testDatabases()[0].create();
    const app = await startTestApp(database, { env: { BASIC_AUTH_CACHE_SECONDS: cacheSeconds } });
    const user = await signUp(app.client);
    const { ms } = await timed(async () => {
      for (let i = 0; i < REQUESTS; i++) await user.api.get('/api/v1.0/me/');
    });
    rates.push((REQUESTS / ms) * 1000);
    await app.close();
    await database.dispose();
  }
  const [cached, uncached] = rates;
  return [
    { name: 'GET /me/ over Basic, credential cache on', value: Math.round(cached), unit: 'req/s', goal: '>= 300 req/s', met: cached >= 300 },
    { name: 'GET /me/ over Basic, cache off (test scrypt cost)', value: Math.round(uncached), unit: 'req/s', goal: 'slower than cached', met: uncached < cached },
  ];
};

/** What one production-cost scrypt verification costs: the price the cache avoids. */
export const scryptBench: Bench = async () => {
  const hasher = new ScryptPasswordHasher();
  const hash = await hasher.hash('correct horse battery');
  const { ms } = await timed(async () => {
    for (let i = 0; i < 10; i++) await hasher.verify('correct horse battery', hash);
  });
  return [{ name: 'scrypt verify at production cost', value: Math.round(ms / 10), unit: 'ms', goal: '>= 20 ms (memory-hard)', met: ms / 10 >= 20 }];
};
