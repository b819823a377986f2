import 'reflect-metadata';
import { BENCH_EMAIL, BENCH_PASSWORD, seed } from './seeding/bulk-seed';
import { seedDemo } from './seeding/demo-seed';
import { startupFailure } from './startup-failure';

const USAGE = `npm run seed -- --demo [--email you@example.com] [--password …]
npm run seed -- --vendors N --expenses M`;

/**
 * `npm run seed`: data to try the service with, in the configured database.
 * `--demo`: a demo organisation with a bit of everything, its owner's
 * password printed once (unless given). `--vendors N --expenses M`: the
 * benchmark's generated organisation (bench@example.com), written in bulk.
 */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const option = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const count = (name: string) => {
    const text = option(name) ?? '0';
    if (!/^\d+$/.test(text)) throw new UsageError(`--${name} takes a whole number.`);
    return Number(text);
  };
  // Accounts with a printed or well-known password have no place in a production database.
  const production = process.env.NODE_ENV === 'production';
  if (argv.includes('--demo')) {
    if (production && !option('password')) throw new UsageError('In production, --demo needs --password (nothing is printed).');
    const account = await seedDemo(process.env, { email: option('email') ?? 'demo@example.com', password: option('password') }, bar('demo'));
    const shown = option('password') ? 'the password you gave' : `password ${account.password}`;
    process.stdout.write(`Demo organisation ${account.organisation}: sign in as ${account.email} with ${shown}\n`);
    return;
  }
  if (production) throw new UsageError('The generated organisation (a well-known password) is not for production.');
  const sizes = { vendors: count('vendors'), expenses: count('expenses') };
  if (sizes.vendors + sizes.expenses === 0) throw new UsageError(USAGE);
  const seeded = await seed(process.env, sizes, (line) => process.stderr.write(`\r${line}   `));
  process.stderr.write('\n');
  process.stdout.write(`Organisation ${seeded.organisation}: sign in as ${BENCH_EMAIL} with password ${BENCH_PASSWORD}\n`);
}

class UsageError extends Error {}

/** A progress bar on standard error, redrawn in place. */
function bar(label: string): (done: number, total: number) => void {
  return (done, total) => {
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
  };
}

main().catch((error: unknown) => {
  const message = error instanceof UsageError ? error.message : startupFailure(error, 'The seeding');
  process.stderr.write(`${message}\n`);
  if (!(error instanceof UsageError) && error instanceof Error && /answered \d{3}/.test(error.message)) process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
