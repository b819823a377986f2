import 'reflect-metadata';
import { basicAuthBench, scryptBench } from './basic-auth.bench';
import { Bench } from './bench';

/** `npm run bench`: every benchmark, one line each; exits 1 when a goal is missed. */
const benches: Bench[] = [scryptBench, basicAuthBench];

async function main(): Promise<void> {
  let missed = 0;
  for (const bench of benches) {
    for (const result of await bench()) {
      if (!result.met) missed++;
      console.log(`${result.met ? 'ok  ' : 'MISS'} ${result.name}: ${result.value} ${result.unit} (goal ${result.goal})`);
    }
  }
  process.exitCode = missed > 0 ? 1 : 0;
}

void main();
