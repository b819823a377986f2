import { declaredSecretFields, DECLARED_RESOURCES } from '../../../../adapters/declaration/declared-resources';
import { changesBetween } from '../../../../adapters/persistence/typeorm/history-recorder';

/** A property name as the snapshot spells what the wire calls `wire` (`branch_code` → `branchCode`). */
const camel = (wire: string) => wire.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

describe('secrets the declarations name', () => {
  it('include every bank code of a vendor, and not its bank name', () => {
    const secrets = declaredSecretFields();
    expect([...secrets]).toEqual(expect.arrayContaining(['account_number', 'branch_code', 'routing_number', 'swift_code']));
    expect(secrets.has('bank_name')).toBe(false);
  });

  it.each(DECLARED_RESOURCES.map((declaration) => [declaration.names.one]))('are masked in the history of a %s, at any depth', () => {
    for (const wire of declaredSecretFields()) {
      const property = camel(wire);
      const before = { id: 'r1', uniqueId: 'u1', organisationId: 'o1', nested: { [property]: 'old secret' } };
      const after = { ...before, nested: { [property]: 'new secret' } };
      expect(JSON.stringify(changesBetween(before, after))).not.toMatch(/secret/);
      expect(changesBetween(before, after).nested).toEqual([{ [wire]: '***' }, { [wire]: '***' }]);
    }
  });
});
