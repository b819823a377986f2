import 'reflect-metadata';
import { JsonNumber, parseJson } from '../../../adapters/http/body/lossless-json';
import { readBasicCredentials } from '../../../adapters/http/middleware/authentication';
import { PROFILE_INPUT as ProfileInput } from '../../../adapters/http/person/profile.presenter';
import { fields } from '../../../adapters/http/validation/fields';
import { bindInput, Input } from '../../../adapters/http/validation/input';
import { LANGUAGES } from '../../../domain/shared/enumerations';
import { ValidationFailed } from '../../../domain/shared/errors';

class Sample {
  @Input('language', fields.choice(LANGUAGES)) language?: string;
}

function errorsOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationFailed');
}

describe('edge cases of the wire format', () => {
  it('refuses a JSON number where an object is expected, at the top and nested', () => {
    expect(errorsOf(() => bindInput(ProfileInput, new JsonNumber('12'), { partial: true, form: false }))).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got int.'],
    });
    expect(errorsOf(() => bindInput(ProfileInput, { address: new JsonNumber('5') }, { partial: true, form: false }))).toEqual({
      address: { non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] },
    });
  });

  it('quotes a list or an object in a choice error as Python prints it', () => {
    expect(errorsOf(() => bindInput(Sample, parseJson('{"language": [1, "a"]}'), { partial: true, form: false }))).toEqual({
      language: [`"[1, 'a']" is not a valid choice.`],
    });
    expect(errorsOf(() => bindInput(Sample, parseJson('{"language": {"a": true}}'), { partial: true, form: false }))).toEqual({
      language: [`"{'a': True}" is not a valid choice.`],
    });
  });

  it('treats an empty form value of an optional choice as not sent, as DRF does', () => {
    const bound = bindInput(ProfileInput, { current_language: '', job_title: '' }, { partial: true, form: true });
    expect(bound.currentLanguage).toBeUndefined();
    expect(bound.jobTitle).toBe('');
  });

  it('decodes Basic credentials that are not UTF-8 as latin-1', () => {
    const header = `Basic ${Buffer.from('caf\u00e9@example.com:p\u00e4ss', 'latin1').toString('base64')}`;
    expect(readBasicCredentials(header)).toEqual({ email: 'caf\u00e9@example.com', password: 'p\u00e4ss' });
  });

  it('reports a string cut after a backslash as unterminated, and positions in code points', () => {
    expect(() => parseJson('"abc\\')).toThrow('Unterminated string starting at: line 1 column 1 (char 0)');
    expect(() => parseJson('["\u{1F600}" 1]')).toThrow("Expecting ',' delimiter: line 1 column 6 (char 5)");
  });
});
