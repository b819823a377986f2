import { NotificationDelivery } from '../../../application/notification/notification.ports';
import { DIGEST_KIND, NOTIFICATION_KINDS, NOTIFICATION_STATES, NotificationKind, WEBHOOK_DISABLED_KIND } from '../../../domain/notification/notification-kinds';
import { Digest, DIGESTS, NotificationPreferences } from '../../../domain/notification/notification-preferences';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';

/** A kind's field on the wire: `expense.approved` → `expense_approved`. */
export const kindField = (kind: NotificationKind) => kind.replace('.', '_');

/** `me/notifications/`: the digest, and each kind on (true) or off. */
export function presentPreferences(preferences: NotificationPreferences): Record<string, unknown> {
  return { digest: preferences.digest, ...Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kindField(kind), preferences.wants(kind)])) };
}

export const PREFERENCES_SCHEMA = s.named(
  'NotificationPreferences',
  s.object<Record<string, unknown>>({
    digest: s.choice(DIGESTS),
    ...Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kindField(kind), s.boolean()])),
  }),
);

/** The body of a change: the digest and the kinds, each optional (PATCH). */
export class NotificationPreferencesInput {
  @Input('digest', fields.choice(DIGESTS)) digest?: Digest;
  kinds?: Partial<Record<NotificationKind, boolean>>;
}
/** When each kind is sent, for the API description. */
const WHEN: Record<NotificationKind, string> = {
  'expense.submitted': 'an expense is submitted (to the owners)',
  'expense.approved': 'your expense is approved',
  'expense.rejected': 'your expense is rejected',
  'expense.paid': 'your expense is paid',
  'expense.reimbursed': 'your expense is reimbursed',
  'expense.reopened': 'your expense is reopened',
  'vendor.follow_up': 'the follow-up date of a vendor assigned to you is reached (that morning, from NOTIFICATION_HOUR)',
  'lead.assigned': 'someone else assigns a lead to you',
  'vendor.assigned': 'someone else assigns a vendor to you',
};
for (const kind of NOTIFICATION_KINDS) {
  Input(kindField(kind), fields.boolean(), { description: `Whether to be e-mailed when ${WHEN[kind]}.` })(
    NotificationPreferencesInput.prototype,
    kindField(kind),
  );
}

/** The bound body as the use case takes it: the kinds sent gathered by kind. */
export function preferenceChanges(input: NotificationPreferencesInput): { digest?: Digest; kinds: Partial<Record<NotificationKind, boolean>> } {
  const values = input as unknown as Record<string, boolean | undefined>;
  const kinds: Partial<Record<NotificationKind, boolean>> = {};
  for (const kind of NOTIFICATION_KINDS) if (values[kindField(kind)] !== undefined) kinds[kind] = values[kindField(kind)];
  return { digest: input.digest, kinds };
}

/** The query of a one-click unsubscribe link (the body, `List-Unsubscribe=One-Click`, says nothing more). */
export class UnsubscribeLinkInput {
  @Input('person', fields.text({ required: true, max: 100 })) person!: string;
  @Input('kind', fields.text({ required: true, max: 40 })) kind!: string;
  @Input('signature', fields.text({ required: true, max: 64 })) signature!: string;
}

/** What RFC 8058 mail clients POST. */
export class OneClickInput {
  @Input('List-Unsubscribe', fields.text({ max: 20 })) oneClick?: string;
}

export function presentDelivery(delivery: NotificationDelivery) {
  return {
    id: delivery.id,
    kind: delivery.kind,
    record: delivery.recordUniqueId || null, // a digest is about several
    status: delivery.state,
    attempts: delivery.attempts,
    created_at: wire.dateTime(delivery.createdAt),
    sent_at: wire.dateTime(delivery.sentAt),
  };
}

export const DELIVERY_SCHEMA = s.named(
  'NotificationDelivery',
  s.object<ReturnType<typeof presentDelivery>>({
    id: s.text(),
    kind: s.choice([...NOTIFICATION_KINDS, DIGEST_KIND, WEBHOOK_DISABLED_KIND]), // an invitation's e-mail is nobody's: not listed
    record: s.nullable(s.text()),
    status: s.choice(NOTIFICATION_STATES),
    attempts: s.integer({ min: 0 }),
    created_at: s.dateTime(),
    sent_at: s.nullable(s.dateTime()),
  }),
);
