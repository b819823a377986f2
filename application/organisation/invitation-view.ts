import { Invitation, InvitationSnapshot, InvitationStatus } from '../../domain/organisation/invitation';

/** An invitation as its use cases answer it, with its status at the moment of asking. */
export interface InvitationView {
  invitation: InvitationSnapshot;
  status: InvitationStatus;
  /** Present only in the answer that issued the token (creation, resend): it is not stored. */
  token: string | null;
  acceptUrl: string | null;
}

/** The view of `invitation` at `now`; `issued` only where the answer hands out a fresh token. */
export function invitationView(invitation: Invitation, now: Date, issued: { token: string; acceptUrl: string } | null = null): InvitationView {
  return { invitation: invitation.snapshot(), status: invitation.statusAt(now), token: issued?.token ?? null, acceptUrl: issued?.acceptUrl ?? null };
}
