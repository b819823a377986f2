import { DependencyOutage } from '../../../../adapters/system/dependency-outage';

const SAYS = { begins: 'The thing is unavailable.', ends: 'The thing is back.' };

function recorded() {
  const lines: { level: string; message: string }[] = [];
  return {
    lines,
    logger: {
      warn: (message: string) => void lines.push({ level: 'warn', message }),
      info: (message: string) => void lines.push({ level: 'info', message }),
    },
  };
}

describe('a dependency outage', () => {
  it('says once that it began and once that it ended, whatever it cost meanwhile, and counts the cost', () => {
    const { lines, logger } = recorded();
    const outage = new DependencyOutage(logger, { says: SAYS });
    for (let i = 0; i < 50; i++) outage.failed();
    outage.begin();
    expect(outage.stats()).toEqual({ away: true, failures: 50 });
    outage.end();
    outage.end();
    expect(outage.stats()).toEqual({ away: false, failures: 50 });
    expect(lines).toEqual([
      { level: 'warn', message: SAYS.begins },
      { level: 'info', message: SAYS.ends },
    ]);
  });

  it('takes a failure of work that began before the return for the outage that ended, not a new one', () => {
    const { lines, logger } = recorded();
    const outage = new DependencyOutage(logger, { says: SAYS });
    outage.failed();
    const begunDuringTheOutage = performance.now();
    outage.end();
    outage.failed(begunDuringTheOutage);
    expect(outage.stats()).toEqual({ away: false, failures: 2 });
    outage.failed();
    expect(outage.stats()).toEqual({ away: true, failures: 3 });
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info', 'warn']);
  });

  it('asks a dependency that does not report its return until it answers, and then stops asking', async () => {
    const { lines, logger } = recorded();
    let asked = 0;
    const check = async () => {
      asked += 1;
      if (asked < 3) throw new Error('connect ECONNREFUSED');
    };
    const outage = new DependencyOutage(logger, { says: SAYS, probe: { check, everyMs: 10 } });
    outage.failed();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toBe(3);
    expect(outage.stats().away).toBe(false);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
  });

  it('asks nothing while the dependency is there, nor once closed', async () => {
    let asked = 0;
    const outage = new DependencyOutage(undefined, { says: SAYS, probe: { check: async () => void (asked += 1), everyMs: 10 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    outage.begin();
    outage.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(0);
    expect(outage.stats().away).toBe(true);
  });
});
