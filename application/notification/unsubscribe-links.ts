import { inject, injectable } from 'inversify';
import { ORGANISATION_TOKENS } from '../organisation/organisation.ports';
import { SecretBox, SHARED_TOKENS } from '../shared/ports';

/**
 * The one-click unsubscribe address of an e-mail (RFC 8058): it names the
 * person and the kind, signed with a keyed digest, so that a mail client can
 * turn the kind off without the person's session and nobody can forge it for
 * someone else.
 */
@injectable()
export class UnsubscribeLinks {
  constructor(
    @inject(ORGANISATION_TOKENS.PublicBaseUrl) private readonly baseUrl: string,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
  ) {}

  linkFor(person: { id: string; uniqueId: string }, kind: string): string {
    const query = new URLSearchParams({ person: person.uniqueId, kind, signature: this.signature(person.id, kind) });
    return `${this.baseUrl}/api/v1.0/me/notifications/unsubscribe/?${query.toString()}`;
  }

  /** Whether `signature` is the one `linkFor` gives the person and kind. */
  verifies(personId: string, kind: string, signature: string): boolean {
    return signature === this.signature(personId, kind);
  }

  private signature(personId: string, kind: string): string {
    return this.box.digest(`unsubscribe:${personId}:${kind}`);
  }
}
