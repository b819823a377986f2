import { pastEveryList, slicePage, windowsOver } from '../../../../application/shared/page';

describe('paging', () => {
  it('takes a page whose offset is no exact integer as past the end of every list', () => {
    expect(pastEveryList({ page: 99999999999999999, pageSize: 100 })).toBe(true);
    expect(pastEveryList({ page: 90071992547409, pageSize: 100 })).toBe(false);
    expect(slicePage(['a', 'b'], { page: 99999999999999999, pageSize: 100 })).toEqual({ items: [], total: 2 });
  });

  it.each([
    [1, 100, [{ offset: 0, limit: 60 }, { offset: 0, limit: 40 }]],
    [2, 100, [null, { offset: 40, limit: 20 }]],
    [3, 100, [null, null]],
    [2, 50, [{ offset: 50, limit: 10 }, { offset: 0, limit: 40 }]],
    [99999999999999999, 100, [null, null]],
  ])('covers lists of 60 and 60 read as one: page %d of %d', (page, pageSize, expected) => {
    expect(windowsOver({ page, pageSize }, [60, 60])).toEqual(expected);
  });
});
