import {
  ContactGroupOrderField,
  ContactGroupRepository,
  ContactOrderField,
  ContactRepository,
  DUPLICATE_CONTACT_UNIQUE_ID,
  DUPLICATE_GROUP_UNIQUE_ID,
} from '../../../application/contact/contact.ports';
import { offsetOf, Ordering, Page, PageRequest } from '../../../application/shared/page';
import { Contact, ContactSnapshot } from '../../../domain/contact/contact';
import { ContactGroup, ContactGroupSnapshot } from '../../../domain/contact/contact-group';
import { ConcurrentModification, ValidationFailed } from '../../../domain/shared/errors';

type SortKey<S> = (row: S) => string | number;

/** The TypeORM adapters' order: text case-insensitively with null as empty, then by id. */
function orderedPage<S extends { id: string }, F extends string, T>(
  rows: S[],
  keys: Record<F, SortKey<S>>,
  ordering: Ordering<F>,
  page: PageRequest,
  restore: (row: S) => T,
): Page<T> {
  const key = keys[ordering.field];
  const sign = ordering.descending ? -1 : 1;
  const sorted = [...rows].sort((a, b) => sign * (compare(key(a), key(b)) || compare(a.id, b.id)));
  const start = offsetOf(page);
  return { items: sorted.slice(start, start + page.pageSize).map(restore), total: rows.length };
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const text = (value: string | null) => (value ?? '').toLowerCase();

export class InMemoryContactGroupRepository implements ContactGroupRepository {
  private readonly rows = new Map<string, ContactGroupSnapshot>();

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    const row = this.find(organisationId, uniqueId);
    return row ? ContactGroup.restore(row) : null;
  }

  /** Process memory has no row locks; the use-case tests it serves run one request at a time. */
  findForUpdate(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    return this.findByUniqueId(organisationId, uniqueId);
  }

  async existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.find(organisationId, uniqueId) !== undefined;
  }

  async list(
    organisationId: string,
    page: PageRequest,
    ordering: Ordering<ContactGroupOrderField>,
  ): Promise<Page<ContactGroup>> {
    const rows = [...this.rows.values()].filter((row) => row.organisationId === organisationId);
    const keys = {
      name: (row: ContactGroupSnapshot) => text(row.name),
      dateCreated: (row: ContactGroupSnapshot) => row.dateCreated.getTime(),
    };
    return orderedPage(rows, keys, ordering, page, ContactGroup.restore);
  }

  async save(group: ContactGroup): Promise<void> {
    const row = group.snapshot();
    const clash = this.find(row.organisationId, row.uniqueId);
    if (clash && clash.id !== row.id) throw ValidationFailed.field('unique_id', DUPLICATE_GROUP_UNIQUE_ID);
    this.rows.set(row.id, row);
  }

  async delete(group: ContactGroup): Promise<void> {
    this.rows.delete(group.id);
  }

  private find(organisationId: string, uniqueId: string): ContactGroupSnapshot | undefined {
    return [...this.rows.values()].find((row) => row.organisationId === organisationId && row.uniqueId === uniqueId);
  }
}

export class InMemoryContactRepository implements ContactRepository {
  private readonly rows = new Map<string, ContactSnapshot>();

  async findInGroup(group: ContactGroup, uniqueId: string): Promise<Contact | null> {
    const row = [...this.rows.values()].find((row) => row.groupId === group.id && row.uniqueId === uniqueId);
    return row ? Contact.restore(row) : null;
  }

  async existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return [...this.rows.values()].some((row) => row.organisationId === organisationId && row.uniqueId === uniqueId);
  }

  async listInGroup(group: ContactGroup, page: PageRequest, ordering: Ordering<ContactOrderField>): Promise<Page<Contact>> {
    const rows = [...this.rows.values()].filter((row) => row.groupId === group.id);
    const keys = {
      firstName: (row: ContactSnapshot) => text(row.firstName),
      lastName: (row: ContactSnapshot) => text(row.lastName),
      dateCreated: (row: ContactSnapshot) => row.dateCreated.getTime(),
    };
    return orderedPage(rows, keys, ordering, page, Contact.restore);
  }

  async countByGroup(groupIds: string[]): Promise<Map<string, number>> {
    const rows = [...this.rows.values()];
    return new Map(groupIds.map((id) => [id, rows.filter((row) => row.groupId === id).length]));
  }

  async primariesSharingSlotWith(contact: Contact): Promise<Contact[]> {
    return this.all().filter((other) => other.isPrimary && contact.sharesPrimarySlotWith(other));
  }

  async save(contact: Contact): Promise<void> {
    const row = contact.snapshot();
    const clash = [...this.rows.values()].find((other) => other.organisationId === row.organisationId && other.uniqueId === row.uniqueId);
    if (clash && clash.id !== row.id) throw ValidationFailed.field('unique_id', DUPLICATE_CONTACT_UNIQUE_ID);
    if (contact.isPrimary && (await this.primariesSharingSlotWith(contact)).length > 0) throw new ConcurrentModification();
    this.rows.set(row.id, row);
  }

  async delete(contact: Contact): Promise<void> {
    this.rows.delete(contact.id);
  }

  private all(): Contact[] {
    return [...this.rows.values()].map((row) => Contact.restore(row));
  }
}
