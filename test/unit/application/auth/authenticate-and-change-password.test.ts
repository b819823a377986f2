import { AUTH_TOKENS, CredentialRepository } from '../../../../application/auth/auth.ports';
import { Authenticate } from '../../../../application/auth/authenticate.use-case';
import { ChangePassword } from '../../../../application/auth/change-password.use-case';
import { LogIn } from '../../../../application/auth/log-in.use-case';
import { AuthenticationFailed, Throttled } from '../../../../application/shared/errors';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { A_CLIENT_ADDRESS, A_PASSWORD, CHEAP_HASHER, InMemoryUseCases, signUp, SignedUpUser, useCases } from '../../../support/in-memory';

const NEW_PASSWORD = 'an even better passphrase';

describe('Authenticate.withPassword (HTTP Basic)', () => {
  let app: InMemoryUseCases;
  let ada: SignedUpUser;
  const basic = (password: string, email = 'ada@example.com') =>
    app.get(Authenticate).withPassword({ email, password, clientAddress: A_CLIENT_ADDRESS });

  beforeEach(async () => {
    app = await useCases({ env: { BASIC_AUTH_CACHE_SECONDS: '60' } });
    ada = await signUp(app, { email: 'ada@example.com', password: A_PASSWORD });
  });

  it('answers the acting person', async () => {
    await expect(basic(A_PASSWORD)).resolves.toEqual({ personId: ada.actor.personId });
  });

  it('runs the memory-hard hash once, then remembers the credential', async () => {
    const before = app.hasher.verifications;

    await basic(A_PASSWORD);
    expect(app.hasher.verifications).toBe(before + 1);

    await expect(basic(A_PASSWORD)).resolves.toEqual({ personId: ada.actor.personId });
    await expect(basic(A_PASSWORD, 'ADA@example.com')).resolves.toEqual({ personId: ada.actor.personId });
    expect(app.hasher.verifications).toBe(before + 1);
  });

  it('verifies credentials that arrive together once, for all of them', async () => {
    const before = app.hasher.verifications;

    const actors = await Promise.all(Array.from({ length: 20 }, () => basic(A_PASSWORD)));
    expect(actors).toEqual(Array(20).fill({ personId: ada.actor.personId }));
    expect(app.hasher.verifications).toBe(before + 1);
  });

  it('refuses every one of a burst of wrong passwords, and verifies the next attempt afresh', async () => {
    const before = app.hasher.verifications;

    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => basic('wrong password')));
    expect(outcomes.every((outcome) => outcome.status === 'rejected' && outcome.reason instanceof AuthenticationFailed)).toBe(true);
    await expect(basic('wrong password')).rejects.toBeInstanceOf(AuthenticationFailed);
    expect(app.hasher.verifications).toBe(before + 2);
  });

  it('verifies again once the remembered credential has expired', async () => {
    await basic(A_PASSWORD);
    const before = app.hasher.verifications;

    app.clock.advance({ seconds: 60 });
    await expect(basic(A_PASSWORD)).resolves.toEqual({ personId: ada.actor.personId });
    expect(app.hasher.verifications).toBe(before + 1);
  });

  it('stops honouring a remembered credential as soon as the stored password changes, as on another instance', async () => {
    await basic(A_PASSWORD);
    const credentials = app.get<CredentialRepository>(AUTH_TOKENS.CredentialRepository);
    // Another instance changed it: nothing told this one's cache.
    await credentials.setPasswordHash(ada.actor.personId, await CHEAP_HASHER.hash(NEW_PASSWORD), app.clock.now());

    await expect(basic(A_PASSWORD)).rejects.toBeInstanceOf(AuthenticationFailed);
    await expect(basic(NEW_PASSWORD)).resolves.toEqual({ personId: ada.actor.personId });
  });

  it('never remembers a wrong password', async () => {
    await basic(A_PASSWORD);
    const before = app.hasher.verifications;

    await expect(basic('wrong password')).rejects.toBeInstanceOf(AuthenticationFailed);
    await expect(basic('wrong password')).rejects.toBeInstanceOf(AuthenticationFailed);
    expect(app.hasher.verifications).toBe(before + 2);
  });

  it('does not remember anything when the cache is switched off', async () => {
    const uncached = await useCases({ env: { BASIC_AUTH_CACHE_SECONDS: '0' } });
    const grace = await signUp(uncached, { email: 'grace@example.com' });
    const before = uncached.hasher.verifications;
    const attempt = { email: 'grace@example.com', password: grace.password, clientAddress: A_CLIENT_ADDRESS };

    await uncached.get(Authenticate).withPassword(attempt);
    await uncached.get(Authenticate).withPassword(attempt);
    expect(uncached.hasher.verifications).toBe(before + 2);
  });
});

describe('ChangePassword', () => {
  let app: InMemoryUseCases;
  let ada: SignedUpUser;
  const basic = (password: string) =>
    app.get(Authenticate).withPassword({ email: 'ada@example.com', password, clientAddress: A_CLIENT_ADDRESS });
  const logIn = () => app.get(LogIn).execute({ email: 'ada@example.com', password: A_PASSWORD, clientAddress: A_CLIENT_ADDRESS });

  beforeEach(async () => {
    app = await useCases();
    ada = await signUp(app, { email: 'ada@example.com', password: A_PASSWORD });
  });

  it('makes the old password fail at once, even where Basic had remembered it', async () => {
    await expect(basic(A_PASSWORD)).resolves.toEqual(ada.actor);

    await app.get(ChangePassword).execute(ada.actor, {
      currentPassword: A_PASSWORD,
      newPassword: NEW_PASSWORD,
      currentSessionToken: ada.session.token,
      clientAddress: A_CLIENT_ADDRESS,
    });

    await expect(basic(A_PASSWORD)).rejects.toBeInstanceOf(AuthenticationFailed);
    await expect(basic(NEW_PASSWORD)).resolves.toEqual(ada.actor);
  });

  it('ends every other session and keeps the one the change came in on', async () => {
    const laptop = await logIn();
    const phone = await logIn();

    await app.get(ChangePassword).execute(ada.actor, {
      currentPassword: A_PASSWORD,
      newPassword: NEW_PASSWORD,
      currentSessionToken: laptop.session.token,
      clientAddress: A_CLIENT_ADDRESS,
    });

    const authenticate = app.get(Authenticate);
    await expect(authenticate.withSession(laptop.session.token)).resolves.toMatchObject({ personId: ada.actor.personId });
    await expect(authenticate.withSession(phone.session.token)).resolves.toBeNull();
    await expect(authenticate.withSession(ada.session.token)).resolves.toBeNull();
  });

  it('ends every session when the change came with Basic credentials', async () => {
    await app.get(ChangePassword).execute(ada.actor, { currentPassword: A_PASSWORD, newPassword: NEW_PASSWORD, currentSessionToken: null, clientAddress: A_CLIENT_ADDRESS });
    await expect(app.get(Authenticate).withSession(ada.session.token)).resolves.toBeNull();
  });

  it("leaves other people's sessions and remembered credentials alone", async () => {
    const grace = await signUp(app, { email: 'grace@example.com', organisationName: 'Compilers' });
    const graceBasic = () =>
      app.get(Authenticate).withPassword({ email: 'grace@example.com', password: grace.password, clientAddress: A_CLIENT_ADDRESS });
    await graceBasic();
    const before = app.hasher.verifications;

    await app.get(ChangePassword).execute(ada.actor, { currentPassword: A_PASSWORD, newPassword: NEW_PASSWORD, currentSessionToken: null, clientAddress: A_CLIENT_ADDRESS });

    await expect(app.get(Authenticate).withSession(grace.session.token)).resolves.toMatchObject({ personId: grace.actor.personId });
    await graceBasic();
    expect(app.hasher.verifications).toBe(before + 1); // Ada's current password only: Grace is still remembered
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const attempt = app.get(ChangePassword).execute(ada.actor, {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
      currentSessionToken: null,
      clientAddress: A_CLIENT_ADDRESS,
    });

    await expect(attempt).rejects.toBeInstanceOf(ValidationFailed);
    await expect(attempt).rejects.toMatchObject({ errors: { current_password: ['Your current password was entered incorrectly.'] } });
    await expect(basic(A_PASSWORD)).resolves.toEqual(ada.actor);
    await expect(app.get(Authenticate).withSession(ada.session.token)).resolves.not.toBeNull();
  });

  it('counts wrong current passwords as failed logins: the tenth is the last before a 429', async () => {
    const wrong = () =>
      app.get(ChangePassword).execute(ada.actor, { currentPassword: 'a guess', newPassword: NEW_PASSWORD, currentSessionToken: null, clientAddress: A_CLIENT_ADDRESS });
    for (let i = 0; i < 10; i++) await expect(wrong()).rejects.toBeInstanceOf(ValidationFailed);
    const hashesBefore = app.hasher.verifications;
    await expect(wrong()).rejects.toBeInstanceOf(Throttled);
    // Even the right password waits now, and no hash is paid for.
    await expect(
      app.get(ChangePassword).execute(ada.actor, { currentPassword: A_PASSWORD, newPassword: NEW_PASSWORD, currentSessionToken: null, clientAddress: A_CLIENT_ADDRESS }),
    ).rejects.toBeInstanceOf(Throttled);
    expect(app.hasher.verifications).toBe(hashesBefore);
    await expect(basic(A_PASSWORD)).rejects.toBeInstanceOf(Throttled);
  });

  it('applies the password policy to the new password', async () => {
    const attempt = app.get(ChangePassword).execute(ada.actor, {
      currentPassword: A_PASSWORD,
      newPassword: '12345678',
      currentSessionToken: null,
      clientAddress: A_CLIENT_ADDRESS,
    });

    await expect(attempt).rejects.toMatchObject({ errors: { new_password: ['This password is entirely numeric.'] } });
    await expect(basic(A_PASSWORD)).resolves.toEqual(ada.actor);
  });
});
