import type { Logger } from './logger';

export interface DependencyOutageOptions {
  /** What the log says, once each: a warning when an outage begins, a line when it ends. */
  says: { begins: string; ends: string };
  /** Called as an outage begins (a client may drop a connection that looks alive). */
  onBegin?: () => void;
  /**
   * For a dependency whose return nothing else reports: asked every
   * `everyMs` while it is away, and the first answer ends the outage. Its own
   * waits must be bounded.
   */
  probe?: { check: () => Promise<unknown>; everyMs: number };
}

/**
 * Whether a dependency (the database, the rate-limit store) is away, said
 * once: a warning when an outage begins and a line when it ends, never one
 * per request, never the error itself, its SQL or a stack. The numbers are
 * the metrics': whether it is away, and the failures it cost (requests
 * refused, counts made alone).
 */
export class DependencyOutage {
  private away = false;
  private failures = 0;
  /** When the last outage ended (`performance.now()`). */
  private endedAt = -Infinity;
  private probing: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly logger: Pick<Logger, 'warn' | 'info'> | undefined,
    private readonly options: DependencyOutageOptions,
  ) {}

  /**
   * Something the outage cost: counted, and the outage begins if it had not, unless that work began before
   * the last outage ended (`startedAt`, by `performance.now()`): it waited out its bound on a connection of
   * that outage, and says nothing of a new one.
   */
  failed(startedAt = performance.now()): void {
    this.failures += 1;
    if (startedAt > this.endedAt) this.begin();
  }

  /** The dependency is away (seen by something that is not counted): the outage begins if it had not. */
  begin(): void {
    if (this.away) return;
    this.away = true;
    this.logger?.warn(this.options.says.begins);
    this.options.onBegin?.();
    this.probeLater();
  }

  /** The dependency is back. */
  end(): void {
    if (!this.away) return;
    this.away = false;
    this.endedAt = performance.now();
    clearTimeout(this.probing);
    this.logger?.info(this.options.says.ends);
  }

  stats(): { away: boolean; failures: number } {
    return { away: this.away, failures: this.failures };
  }

  /** Stops probing (the service is closing). */
  close(): void {
    this.closed = true;
    clearTimeout(this.probing);
  }

  private probeLater(): void {
    const probe = this.options.probe;
    if (!probe || this.closed) return;
    this.probing = setTimeout(async () => {
      const back = await probe.check().then(
        () => true,
        () => false,
      );
      if (back) this.end();
      else if (this.away) this.probeLater();
    }, probe.everyMs);
    // A process that is otherwise done does not wait for the dependency's return.
    this.probing.unref();
  }
}
