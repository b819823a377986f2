import { BackgroundSweep } from './outbox-worker';

/**
 * Several background sweeps as the worker's one (it runs one sweep at a time):
 * each takes its batch in turn, in the order given, and there is more while
 * any of them has more. The deletion of closed organisations goes before the
 * removal of stored files, which then removes the files it left at once.
 */
export class SweepsInTurn implements BackgroundSweep {
  constructor(private readonly sweeps: readonly BackgroundSweep[]) {}

  async execute(): Promise<{ more: boolean }> {
    let more = false;
    for (const sweep of this.sweeps) if ((await sweep.execute()).more) more = true;
    return { more };
  }
}
