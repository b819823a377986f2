import { Invitation } from '../../../../domain/organisation/invitation';
import { ValidationFailed } from '../../../../domain/shared/errors';

const issuedAt = new Date('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(issuedAt.getTime() + ms);
const DAY = 86_400_000;

function anInvitation(): Invitation {
  return Invitation.issue({
    id: 'i1',
    uniqueId: 'i1',
    organisationId: 'o1',
    email: ' Invitee@Example.com ',
    role: 'member',
    tokenHash: 'h',
    invitedById: 'p1',
    now: issuedAt,
  });
}

describe('Invitation', () => {
  it('is pending for seven days, then expired', () => {
    const invitation = anInvitation();
    expect(invitation.statusAt(later(7 * DAY - 1))).toBe('pending');
    expect(invitation.statusAt(later(7 * DAY))).toBe('expired');
    expect(() => invitation.accept('p2', later(7 * DAY))).toThrow(new ValidationFailed({ non_field_errors: ['This invitation has expired.'] }));
  });

  it('works once', () => {
    const invitation = anInvitation();
    invitation.accept('p2', later(DAY));
    expect(invitation.statusAt(later(DAY))).toBe('accepted');
    expect(invitation.snapshot()).toMatchObject({ acceptedById: 'p2', acceptedAt: later(DAY) });
    expect(() => invitation.accept('p3', later(2 * DAY))).toThrow(ValidationFailed);
    expect(invitation.snapshot().acceptedById).toBe('p2');
  });

  it('matches the invited e-mail whatever its case', () => {
    const invitation = anInvitation();
    expect(invitation.email).toBe('Invitee@Example.com');
    expect(invitation.isFor('invitee@example.COM')).toBe(true);
    expect(invitation.isFor('someone@example.com')).toBe(false);
    expect(invitation.isFor('ｉｎｖｉｔｅｅ@example.com')).toBe(true);
  });

  it('starts unsent, and records when its e-mail went out', () => {
    const invitation = anInvitation();
    expect(invitation.snapshot().sentAt).toBeNull();
    invitation.markSent(later(1000));
    expect(invitation.snapshot().sentAt).toEqual(later(1000));
  });

  it('is reissued with a new token hash and seven more days, even once expired, and waits to be sent again', () => {
    const invitation = anInvitation();
    invitation.markSent(issuedAt);
    invitation.reissue('h2', later(10 * DAY));
    expect(invitation.snapshot()).toMatchObject({ tokenHash: 'h2', expiresAt: later(17 * DAY), sentAt: null, acceptedAt: null });
    expect(invitation.statusAt(later(17 * DAY - 1))).toBe('pending');
    expect(invitation.statusAt(later(17 * DAY))).toBe('expired');
  });

  it('cannot be reissued once accepted, and keeps its token then', () => {
    const invitation = anInvitation();
    invitation.accept('p2', later(DAY));
    expect(() => invitation.reissue('h2', later(2 * DAY))).toThrow(
      new ValidationFailed({ non_field_errors: ['This invitation has already been used.'] }),
    );
    expect(invitation.snapshot()).toMatchObject({ tokenHash: 'h', expiresAt: later(7 * DAY) });
  });
});
