/** A benchmark: a named async function reporting what it measured, checked against its goal. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  goal: string;
  met: boolean;
}

export type Bench = () => Promise<BenchResult[]>;

export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = process.hrtime.bigint();
  const result = await work();
  return { result, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}
