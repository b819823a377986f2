import { ScryptPasswordHasher } from '../../../../adapters/security/scrypt-password-hasher';
import { AUTH_TOKENS, CredentialRepository } from '../../../../application/auth/auth.ports';
import { Authenticate } from '../../../../application/auth/authenticate.use-case';
import { LogIn } from '../../../../application/auth/log-in.use-case';
import { LogOut } from '../../../../application/auth/log-out.use-case';
import { Person } from '../../../../domain/person/person';
import { UpdateProfile } from '../../../../application/person/update-profile.use-case';
import { AuthenticationFailed, Throttled } from '../../../../application/shared/errors';
import { A_CLIENT_ADDRESS, A_PASSWORD, InMemoryUseCases, signUp, SignedUpUser, useCases } from '../../../support/in-memory';

/** The error `promise` rejects with; fails the test when it resolves. */
async function settle(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const THROTTLE = { LOGIN_FAILURES_PER_EMAIL: '3', LOGIN_FAILURES_PER_CLIENT: '5', LOGIN_THROTTLE_WINDOW_SECONDS: '600' };

describe('LogIn', () => {
  let app: InMemoryUseCases;
  let ada: SignedUpUser;
  const logIn = (email: string, password: string, clientAddress = A_CLIENT_ADDRESS) =>
    app.get(LogIn).execute({ email, password, clientAddress });

  beforeEach(async () => {
    app = await useCases({ env: THROTTLE });
    ada = await signUp(app, { email: 'ada@example.com', password: A_PASSWORD });
    app.clock.advance({ days: 3 });
  });

  it('answers the profile and starts a session', async () => {
    const { profile, session } = await logIn('ada@example.com', A_PASSWORD);

    expect(profile.person.id).toBe(ada.actor.personId);
    expect(profile.isOwner).toBe(true);
    await expect(app.get(Authenticate).withSession(session.token)).resolves.toMatchObject({ personId: ada.actor.personId });
  });

  it('records last_login with the time of the login', async () => {
    const { profile } = await logIn('ada@example.com', A_PASSWORD);

    expect(profile.person.lastLogin).toEqual(app.clock.now());
    expect((await app.people.findById(ada.actor.personId))?.snapshot().lastLogin).toEqual(app.clock.now());
  });

  it('keeps a profile edit made while the password was being checked: the login writes only onto the person as stored', async () => {
    const verify = app.hasher.verify.bind(app.hasher);
    jest.spyOn(app.hasher, 'verify').mockImplementationOnce(async (password, hash) => {
      // Another session of Ada's edits her profile while this login's hash runs (scrypt takes a while).
      await app.get(UpdateProfile).execute(ada.actor, { jobTitle: 'Chief Engineer' });
      return verify(password, hash);
    });

    const { profile } = await logIn('ada@example.com', A_PASSWORD);

    const stored = (await app.people.findById(ada.actor.personId))!.snapshot();
    expect(stored.jobTitle).toBe('Chief Engineer');
    expect(stored.lastLogin).toEqual(app.clock.now());
    expect(profile.person.jobTitle).toBe('Chief Engineer');
  });

  it('refuses a login whose account was deactivated while the password was being checked, and records nothing', async () => {
    const verify = app.hasher.verify.bind(app.hasher);
    const before = (await app.people.findById(ada.actor.personId))!.snapshot();
    jest.spyOn(app.hasher, 'verify').mockImplementationOnce(async (password, hash) => {
      await app.people.save(Person.restore({ ...before, isActive: false }));
      return verify(password, hash);
    });

    await expect(logIn('ada@example.com', A_PASSWORD)).rejects.toBeInstanceOf(AuthenticationFailed);
    expect((await app.people.findById(ada.actor.personId))!.snapshot().lastLogin).toEqual(before.lastLogin);
  });

  it('re-hashes a password stored at an older cost on the next successful login, and only then', async () => {
    const credentials = app.get<CredentialRepository>(AUTH_TOKENS.CredentialRepository);
    const older = await new ScryptPasswordHasher({ N: 512, r: 8, p: 1 }).hash(A_PASSWORD);
    await credentials.setPasswordHash(ada.actor.personId, older, app.clock.now());

    await expect(logIn('ada@example.com', 'not the password')).rejects.toBeInstanceOf(AuthenticationFailed);
    expect(await credentials.findPasswordHash(ada.actor.personId)).toBe(older);

    const before = await logIn('ada@example.com', A_PASSWORD);
    expect(await credentials.findPasswordHash(ada.actor.personId)).toMatch(/^scrypt\$1024\$8\$1\$/);
    const rehashed = await credentials.findPasswordHash(ada.actor.personId);
    expect(rehashed).not.toBe(older);
    await logIn('ada@example.com', A_PASSWORD);
    expect(await credentials.findPasswordHash(ada.actor.personId)).toBe(rehashed);
    // Not a password change: the session of the login that re-hashed goes on.
    await expect(app.get(Authenticate).withSession(before.session.token)).resolves.toMatchObject({ personId: ada.actor.personId });
  });

  it('finds the e-mail whatever its case', async () => {
    await expect(logIn(' ADA@example.com', A_PASSWORD)).resolves.toMatchObject({ profile: { person: { id: ada.actor.personId } } });
  });

  it('starts a new session on every login', async () => {
    const first = await logIn('ada@example.com', A_PASSWORD);
    const second = await logIn('ada@example.com', A_PASSWORD);
    expect(first.session.token).not.toBe(second.session.token);
    await expect(app.get(Authenticate).withSession(first.session.token)).resolves.not.toBeNull();
  });

  it('fails the same way for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await settle(logIn('ada@example.com', 'not the password'));
    const unknownEmail = await settle(logIn('nobody@example.com', A_PASSWORD));

    expect(wrongPassword).toBeInstanceOf(AuthenticationFailed);
    expect(unknownEmail).toBeInstanceOf(AuthenticationFailed);
    expect(wrongPassword.message).toBe('Invalid username/password.');
    expect(unknownEmail.message).toBe(wrongPassword.message);
  });

  it('runs the hash for an unknown e-mail too, so that timing tells nothing', async () => {
    const before = app.hasher.verifications;
    await expect(logIn('nobody@example.com', A_PASSWORD)).rejects.toBeInstanceOf(AuthenticationFailed);
    expect(app.hasher.verifications).toBe(before + 1);
  });

  it('does not record a login that failed', async () => {
    const lastLogin = (await app.people.findById(ada.actor.personId))?.snapshot().lastLogin;
    await expect(logIn('ada@example.com', 'not the password')).rejects.toBeInstanceOf(AuthenticationFailed);
    expect((await app.people.findById(ada.actor.personId))?.snapshot().lastLogin).toEqual(lastLogin);
  });

  describe('throttling', () => {
    // The counters (rate-limiter-flexible) keep time by the system clock: it moves with the service's.
    beforeEach(() => jest.useFakeTimers({ now: app.clock.now(), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());
    const later = (seconds: number) => {
      app.clock.advance({ seconds });
      jest.advanceTimersByTime(seconds * 1000);
    };

    const failThrice = async (email = 'ada@example.com') => {
      for (let i = 0; i < 3; i++) {
        await expect(logIn(email, `wrong ${i}`)).rejects.toBeInstanceOf(AuthenticationFailed);
        later(10);
      }
    };

    it('refuses the e-mail after the allowed failures, even with the right password, saying when to retry', async () => {
      await failThrice();

      const attempt = logIn('ada@example.com', A_PASSWORD);
      await expect(attempt).rejects.toBeInstanceOf(Throttled);
      // Failures at 0 s, 10 s and 20 s; now is 30 s; the first leaves the 600 s window at 600 s.
      await expect(attempt).rejects.toMatchObject({
        retryAfterSeconds: 570,
        message: 'Request was throttled. Expected available in 570 seconds.',
      });
    });

    it('does not even run the hash while throttled', async () => {
      await failThrice();
      const before = app.hasher.verifications;
      await expect(logIn('ada@example.com', A_PASSWORD)).rejects.toBeInstanceOf(Throttled);
      expect(app.hasher.verifications).toBe(before);
    });

    it('allows logging in again once the window has passed', async () => {
      await failThrice();
      later(569);
      await expect(logIn('ada@example.com', A_PASSWORD)).rejects.toMatchObject({ retryAfterSeconds: 1 });

      later(1);
      await expect(logIn('ada@example.com', A_PASSWORD)).resolves.toMatchObject({ profile: { person: { id: ada.actor.personId } } });
    });

    it("locks the e-mail where it failed, not its owner at another address; everywhere once many addresses fail", async () => {
      await failThrice();
      await expect(logIn('ada@example.com', A_PASSWORD)).rejects.toBeInstanceOf(Throttled);
      await expect(logIn('ada@example.com', A_PASSWORD, '198.51.100.20')).resolves.toBeDefined();

      // Ten times the per-address limit (3 here) in all: 3 failures above, 27 from as many addresses.
      for (let i = 0; i < 26; i++) await expect(logIn('ada@example.com', 'a guess', `198.18.0.${i}`)).rejects.toBeInstanceOf(AuthenticationFailed);
      await expect(logIn('ada@example.com', A_PASSWORD, '198.51.100.20')).resolves.toBeDefined();
      await expect(logIn('ada@example.com', 'a guess', '198.18.0.99')).rejects.toBeInstanceOf(AuthenticationFailed);
      await expect(logIn('ada@example.com', A_PASSWORD, '198.51.100.20')).rejects.toBeInstanceOf(Throttled);
    });

    it('throttles a client address that tries many e-mails', async () => {
      for (let i = 0; i < 5; i++) {
        await expect(logIn(`guess${i}@example.com`, 'guess')).rejects.toBeInstanceOf(AuthenticationFailed);
      }
      await expect(logIn('ada@example.com', A_PASSWORD)).rejects.toBeInstanceOf(Throttled);
      await expect(logIn('ada@example.com', A_PASSWORD, '198.51.100.20')).resolves.toBeDefined();
    });

    it('counts failures of Basic authentication too', async () => {
      const basic = (password: string) =>
        app.get(Authenticate).withPassword({ email: 'ada@example.com', password, clientAddress: A_CLIENT_ADDRESS });
      for (let i = 0; i < 3; i++) await expect(basic(`wrong ${i}`)).rejects.toBeInstanceOf(AuthenticationFailed);

      await expect(logIn('ada@example.com', A_PASSWORD)).rejects.toBeInstanceOf(Throttled);
      await expect(basic(A_PASSWORD)).rejects.toBeInstanceOf(Throttled);
    });

    it('does not count successful logins', async () => {
      for (let i = 0; i < 5; i++) await logIn('ada@example.com', A_PASSWORD);
      await expect(logIn('ada@example.com', 'wrong')).rejects.toBeInstanceOf(AuthenticationFailed);
    });
  });
});

describe('LogOut', () => {
  let app: InMemoryUseCases;

  beforeEach(async () => {
    app = await useCases();
  });

  it('ends the session server-side', async () => {
    const { session } = await signUp(app);
    await app.get(LogOut).execute(session.token);
    await expect(app.get(Authenticate).withSession(session.token)).resolves.toBeNull();
  });

  it('leaves the other sessions of the person alone', async () => {
    const ada = await signUp(app);
    const other = await app.get(LogIn).execute({ email: ada.email, password: ada.password, clientAddress: A_CLIENT_ADDRESS });

    await app.get(LogOut).execute(ada.session.token);

    await expect(app.get(Authenticate).withSession(other.session.token)).resolves.toMatchObject({ personId: ada.actor.personId });
  });

  it('does nothing without a session (Basic authentication)', async () => {
    const { session } = await signUp(app);
    await expect(app.get(LogOut).execute(null)).resolves.toBeUndefined();
    await expect(app.get(Authenticate).withSession(session.token)).resolves.not.toBeNull();
  });
});

describe('sessions', () => {
  it('expire after the configured lifetime', async () => {
    const app = await useCases({ env: { SESSION_LIFETIME_SECONDS: '3600' } });
    const { session, actor } = await signUp(app);

    app.clock.advance({ seconds: 3599 });
    await expect(app.get(Authenticate).withSession(session.token)).resolves.toMatchObject({ personId: actor.personId });
    app.clock.advance({ seconds: 1 });
    await expect(app.get(Authenticate).withSession(session.token)).resolves.toBeNull();
  });

  it('are not found for an unknown token', async () => {
    const app = await useCases();
    await expect(app.get(Authenticate).withSession('not-a-session')).resolves.toBeNull();
  });
});
