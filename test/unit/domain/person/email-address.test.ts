import { emailKey, normaliseEmail, sameEmail } from '../../../../domain/person/email-address';
import { Person } from '../../../../domain/person/person';

describe('e-mail addresses', () => {
  it('are one address whatever compatibility characters or case they are typed in', () => {
    // KELVIN SIGN, full-width letters and a ligature fold to the plain letters.
    expect(emailKey('\u212Aate@example.com')).toBe('kate@example.com');
    expect(emailKey('ｋａｔｅ@ＥＸＡＭＰＬＥ.com')).toBe('kate@example.com');
    expect(emailKey(' ﬁona@Example.com ')).toBe('fiona@example.com');
    expect(sameEmail('ｋａｔｅ@example.com', 'KATE@example.com')).toBe(true);
    expect(sameEmail('kate@example.com', 'katie@example.com')).toBe(false);
  });

  it('keep the case the person typed, in compatibility form', () => {
    expect(normaliseEmail(' Ｋate@Example.com ')).toBe('Kate@Example.com');
  });

  it('are stored normalised when a person registers', () => {
    const person = Person.register({ id: 'p', uniqueId: 'p', email: 'ｋａｔｅ@example.com', firstName: 'Kate', lastName: 'Bush', now: new Date() });
    expect(person.email).toBe('kate@example.com');
  });
});
