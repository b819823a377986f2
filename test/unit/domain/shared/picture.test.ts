import { ValidationFailed } from '../../../../domain/shared/errors';
import { INVALID_PICTURE, Picture, PICTURE_MAX_BYTES } from '../../../../domain/shared/picture';
import { aPicture } from './picture.mother';

describe('a picture', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp'] as const)('is a stored %s image', (contentType) => {
    const picture = Picture.of({ key: 'k', contentType, size: 10 });
    expect(picture).toMatchObject({ key: 'k', contentType, size: 10 });
  });

  it('is not a PDF, however it was stored', () => {
    expect(() => Picture.of({ key: 'k', contentType: 'application/pdf', size: 10 })).toThrow(
      expect.objectContaining({ errors: { picture: [INVALID_PICTURE] } }),
    );
  });

  it.each([
    ['empty', 0, 'The submitted file is empty.'],
    ['over 5 MiB', PICTURE_MAX_BYTES + 1, 'The submitted file is too large.'],
  ])('is not %s', (_case, size, message) => {
    const act = () => Picture.of({ key: 'k', contentType: 'image/png', size });
    expect(act).toThrow(ValidationFailed);
    expect(act).toThrow(expect.objectContaining({ errors: { picture: [message] } }));
  });

  it('may be exactly 5 MiB', () => {
    expect(Picture.of({ key: 'k', contentType: 'image/webp', size: PICTURE_MAX_BYTES }).size).toBe(PICTURE_MAX_BYTES);
  });

  it('is the same picture as another only when both name the same stored file', () => {
    const picture = aPicture();
    expect(picture.equals(Picture.of({ key: picture.key, contentType: 'image/png', size: 1234 }))).toBe(true);
    expect(picture.equals(aPicture())).toBe(false);
    expect(picture.equals(null)).toBe(false);
  });
});
