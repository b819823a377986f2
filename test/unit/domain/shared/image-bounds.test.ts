import { imageTooLarge } from '../../../../domain/shared/image-bounds';

describe('image bounds', () => {
  it.each([
    [{ width: 16_384, height: 3000, frames: 1 }],
    [{ width: 8064, height: 6048, frames: 1 }], // a 48-megapixel phone photo
    [{ width: 5000, height: 10_000, frames: 1 }], // 50 000 000 pixels exactly
    [{ width: 1000, height: 1000, frames: 50 }],
  ])('takes %j', (size) => {
    expect(imageTooLarge(size)).toBeNull();
  });

  it.each([
    [{ width: 16_385, height: 10, frames: 1 }, 'Image size (16385 × 10 pixels) exceeds the limit of 16384 pixels a side.'],
    [{ width: 60_000, height: 60_000, frames: 1 }, 'Image size (60000 × 60000 pixels) exceeds the limit of 16384 pixels a side.'],
    [{ width: 7072, height: 7072, frames: 1 }, 'Image size (50013184 pixels) exceeds the limit of 50000000 pixels.'],
    [{ width: 1000, height: 1000, frames: 51 }, 'Image size (51000000 pixels in 51 frames) exceeds the limit of 50000000 pixels.'],
  ])('refuses %j', (size, message) => {
    expect(imageTooLarge(size)).toBe(message);
  });
});
