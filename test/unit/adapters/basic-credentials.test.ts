import { readBasicCredentials } from '../../../adapters/http/middleware/authentication';
import { AuthenticationFailed } from '../../../application/shared/errors';

const basic = (credentials: string, scheme = 'Basic') => `${scheme} ${Buffer.from(credentials, 'utf8').toString('base64')}`;

/** The message of the AuthenticationFailed that `header` raises; fails when it raises nothing or something else. */
function failureOf(header: string): string {
  try {
    readBasicCredentials(header);
  } catch (error) {
    expect(error).toBeInstanceOf(AuthenticationFailed);
    return (error as AuthenticationFailed).message;
  }
  throw new Error(`expected ${JSON.stringify(header)} to be refused`);
}

describe('reading HTTP Basic credentials', () => {
  it('splits e-mail and password at the first colon', () => {
    expect(readBasicCredentials(basic('ada@example.com:s3cret pass'))).toEqual({ email: 'ada@example.com', password: 's3cret pass' });
  });

  it('keeps colons inside the password', () => {
    expect(readBasicCredentials(basic('ada@example.com:a:b::c'))).toEqual({ email: 'ada@example.com', password: 'a:b::c' });
  });

  it('allows an empty password', () => {
    expect(readBasicCredentials(basic('ada@example.com:'))).toEqual({ email: 'ada@example.com', password: '' });
  });

  it('decodes UTF-8', () => {
    expect(readBasicCredentials(basic('josé@example.com:pässwörd€'))).toEqual({ email: 'josé@example.com', password: 'pässwörd€' });
  });

  it('takes the scheme in any case and tolerates surrounding whitespace', () => {
    expect(readBasicCredentials(basic('a@b.co:pw', 'basic'))).toEqual({ email: 'a@b.co', password: 'pw' });
    expect(readBasicCredentials(`  BASIC   ${Buffer.from('a@b.co:pw').toString('base64')}  `)).toEqual({ email: 'a@b.co', password: 'pw' });
  });

  it.each(['', '   ', 'Bearer abc.def.ghi', 'Token 0123456789', 'Digest username="ada"', 'Basicx YTpi'])(
    'leaves %j to the other schemes (null)',
    (header) => {
      expect(readBasicCredentials(header)).toBeNull();
    },
  );
});

describe("DRF's messages for a malformed Basic header", () => {
  it.each([
    ['Basic', 'Invalid basic header. No credentials provided.'],
    ['Basic    ', 'Invalid basic header. No credentials provided.'],
    ['Basic abc def', 'Invalid basic header. Credentials string should not contain spaces.'],
    ['Basic YTpi YTpi', 'Invalid basic header. Credentials string should not contain spaces.'],
    ['Basic !!!notbase64', 'Invalid basic header. Credentials not correctly base64 encoded.'],
    ['Basic abc', 'Invalid basic header. Credentials not correctly base64 encoded.'],
    ['Basic YWJj=', 'Invalid basic header. Credentials not correctly base64 encoded.'],
    ['Basic YW=JjZA==', 'Invalid basic header. Credentials not correctly base64 encoded.'],
  ])('%j: %s', (header, message) => {
    expect(failureOf(header)).toBe(message);
  });
});
