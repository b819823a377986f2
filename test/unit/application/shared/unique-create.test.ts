import { InMemoryUnitOfWork } from '../../../../adapters/persistence/in-memory/in-memory-unit-of-work';
import { createUnique, UniqueField } from '../../../../application/shared/uniqueness';
import { ValidationFailed } from '../../../../domain/shared/errors';

describe('createUnique', () => {
  const taken = new Set(['code-1', 'id-1']);
  const asked: string[] = [];
  const fields = (code: string, uniqueId?: string): UniqueField[] => [
    { field: 'unique_id', message: 'unique id taken', value: uniqueId, isTaken: async (v) => (asked.push(v), taken.has(v)) },
    { field: 'code', message: 'code taken', value: code, isTaken: async (v) => (asked.push(v), taken.has(v)) },
  ];
  /** A store whose unique index refuses the first taken field it meets, as a database's does. */
  const write = (code: string, uniqueId?: string) => async () => {
    if (uniqueId && taken.has(uniqueId)) throw ValidationFailed.field('unique_id', 'unique id taken');
    if (taken.has(code)) throw ValidationFailed.field('code', 'code taken');
    return 'written';
  };

  beforeEach(() => (asked.length = 0));

  it('writes without asking first', async () => {
    await expect(createUnique(new InMemoryUnitOfWork(), fields('code-2', 'id-2'), write('code-2', 'id-2'))).resolves.toBe('written');
    expect(asked).toEqual([]);
  });

  it('reports every clash once the write failed on one', async () => {
    await expect(createUnique(new InMemoryUnitOfWork(), fields('code-1', 'id-1'), write('code-1', 'id-1'))).rejects.toMatchObject({
      errors: { unique_id: ['unique id taken'], code: ['code taken'] },
    });
  });

  it("leaves the write's own error when the clash is gone, or when it is about another field", async () => {
    const gone = async () => {
      throw ValidationFailed.field('code', 'code taken');
    };
    await expect(createUnique(new InMemoryUnitOfWork(), fields('code-9'), gone)).rejects.toMatchObject({ errors: { code: ['code taken'] } });
    const other = async () => {
      throw ValidationFailed.field('name', 'This field may not be blank.');
    };
    asked.length = 0;
    await expect(createUnique(new InMemoryUnitOfWork(), fields('code-1'), other)).rejects.toMatchObject({ errors: { name: ['This field may not be blank.'] } });
    expect(asked).toEqual([]);
  });

  it("asks first inside a transaction of the caller's, and does not write a clash", async () => {
    const unitOfWork = new InMemoryUnitOfWork();
    const written = jest.fn(write('code-1'));
    await expect(unitOfWork.transaction(() => createUnique(unitOfWork, fields('code-1'), written))).rejects.toMatchObject({ errors: { code: ['code taken'] } });
    expect(asked).toEqual(['code-1']);
    expect(written).not.toHaveBeenCalled();
    await expect(unitOfWork.transaction(() => createUnique(unitOfWork, fields('code-3'), write('code-3')))).resolves.toBe('written');
  });
});
