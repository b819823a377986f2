import { ChoiceOf, Choices } from '../shared/choices';
import { NOTIFICATION_KINDS, NotificationKind } from './notification-kinds';

/** `immediate`: each e-mail as it happens; `daily`: one a day with everything since the last. */
export const DIGESTS = new Choices([
  ['immediate', 'Each e-mail at once'],
  ['daily', 'One e-mail a day'],
] as const);
export type Digest = ChoiceOf<typeof DIGESTS>;

export interface NotificationPreferencesState {
  digest: Digest;
  /** The kinds the person turned off. */
  kindsOff: readonly NotificationKind[];
}

/** What a person wants to be e-mailed about, and how often. By default everything, at once. */
export class NotificationPreferences {
  private constructor(private readonly state: NotificationPreferencesState) {}

  static readonly DEFAULT = new NotificationPreferences({ digest: 'immediate', kindsOff: [] });

  static restore(state: NotificationPreferencesState): NotificationPreferences {
    return new NotificationPreferences({ digest: state.digest, kindsOff: NOTIFICATION_KINDS.filter((kind) => state.kindsOff.includes(kind)) });
  }

  get digest(): Digest {
    return this.state.digest;
  }

  get kindsOff(): readonly NotificationKind[] {
    return this.state.kindsOff;
  }

  wants(kind: NotificationKind): boolean {
    return !this.state.kindsOff.includes(kind);
  }

  /** These preferences with the kinds and the digest given changed, the others kept. */
  changed(changes: { digest?: Digest; kinds?: Partial<Record<NotificationKind, boolean>> }): NotificationPreferences {
    const on = (kind: NotificationKind) => changes.kinds?.[kind] ?? this.wants(kind);
    return NotificationPreferences.restore({ digest: changes.digest ?? this.digest, kindsOff: NOTIFICATION_KINDS.filter((kind) => !on(kind)) });
  }
}
