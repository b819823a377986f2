import { Picture } from '../../../../domain/shared/picture';

let count = 0;

/** A stored PNG picture with a key of its own. */
export function aPicture(overrides: { contentType?: 'image/png' | 'image/jpeg' | 'image/webp'; size?: number } = {}): Picture {
  count += 1;
  return Picture.of({ key: `owner/${String(count).padStart(8, '0')}-0000-4000-8000-000000000000.png`, contentType: 'image/png', size: 1234, ...overrides });
}
