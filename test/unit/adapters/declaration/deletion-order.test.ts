import { DECLARED_RESOURCES } from '../../../../adapters/declaration/declared-resources';
import { deletionOrder } from '../../../../adapters/persistence/typeorm/person/typeorm-account-erasure';

/** An organisation erased with its owner deletes its declared tables in this order (personal-data.md). */
describe('the declared tables in the order an organisation’s erasure deletes them', () => {
  const order = deletionOrder(DECLARED_RESOURCES);
  const before = (first: string, then: string) => expect([first, order.indexOf(first) < order.indexOf(then)]).toEqual([first, true]);

  it('holds every declared table once', () => {
    expect([...order].sort()).toEqual(DECLARED_RESOURCES.map((declaration) => declaration.table).sort());
  });

  it('deletes a row before the rows its references and its parent name', () => {
    before('expenses', 'accounts');
    before('expenses', 'vendors');
    before('expenses', 'projects');
    before('leads', 'sales_stages');
    before('leads', 'clients');
    before('projects', 'clients');
    before('contacts', 'contact_groups');
  });
});
