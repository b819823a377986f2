import { DocumentedOperation } from '../../adapters/http/shared/operation';
import { signUp, TestUser } from '../support/accounts';
import { ApiResponse } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { createRecord, oneOfEach, organisationPath } from '../support/organisation-records';
import { servedRoutes, startTestApp, TestApp } from '../support/test-app';

/**
 * Every list the application serves, found among its registered operations
 * (not written out here), answers a page far past its end as every list
 * does: 200, no items, and the list's total. A new list that pages on its
 * own and fails on such a page fails this test.
 */

/** A page whose offset no engine takes (about 10^19 rows in): it lies past the end of every list. */
const FAR_PAGE = '99999999999999999';

/** The operations that answer a page: declared as lists, or answering `X-Total-Count`. */
function listOperations(operations: readonly DocumentedOperation[]): DocumentedOperation[] {
  return operations.filter((operation) => operation.method === 'GET' && (operation.list || operation.answers.some((answer) => answer.headers?.['X-Total-Count'])));
}

/** The items a page holds: the array a list answers, or every array of a paged report's object. */
function itemsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return Object.values(body as Record<string, unknown>).filter(Array.isArray).flat();
}

describe.each(testDatabases())('every list past its last page on $name', (factory) => {
  let app: TestApp;
  let owner: TestUser;
  let dispose: () => Promise<void>;
  let lists: DocumentedOperation[];
  /** Records whose collection has no list to take them from (an import is read by its id alone). */
  const listless: Record<string, string> = {};

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    const org = owner.organisationUniqueId;
    // At least one item in every list, so that each path parameter names a record and each total counts something.
    await oneOfEach(owner.api, org);
    await createRecord(owner.api, org, 'projects');
    await createRecord(owner.api, org, 'vendors', { next_follow_up_date: '2020-01-01' });
    await owner.api.post(`${organisationPath(org)}/invitations/`, { email: 'invited@example.com', role: 'member' });
    const webhook = await owner.api.post(`${organisationPath(org)}/webhooks/create/`, { url: 'http://127.0.0.1:9/hook', events: ['vendor.created'] });
    await owner.api.post(`${organisationPath(org)}/webhooks/${webhook.body.unique_id}/ping/`);
    await owner.api.post(`${organisationPath(org)}/api-keys/create/`, { name: 'Sync', scopes: ['*:read'] });
    const csv = new FormData();
    csv.append('resource', 'vendors');
    csv.append('mode', 'valid_rows');
    csv.append('file', new Blob([Buffer.from('name,website\r\nGood,\r\nBad,not a url\r\n', 'utf8')], { type: 'text/csv' }), 'vendors.csv');
    const imported = await owner.api.request('POST', `${organisationPath(org)}/imports/`, { multipart: csv });
    listless.imports = imported.body.unique_id;
    lists = listOperations(servedRoutes(app).operations);
  });

  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  /**
   * The route's path with each parameter filled: the owner's organisation,
   * else the first item of the list its parent segment names
   * (`…/contact-groups/:group/…`: the first contact group).
   */
  async function pathOf(route: string): Promise<string> {
    let path = '';
    for (const segment of route.split('/').slice(1)) {
      if (!segment.startsWith(':')) {
        path += `/${segment}`;
        continue;
      }
      const parent = path.split('/').pop();
      let value: string;
      if (parent === 'organisation') value = owner.organisationUniqueId;
      else if (parent !== undefined && parent in listless) value = listless[parent];
      else {
        const listRoute = lists.find((list) => list.path === route.slice(0, route.indexOf(`/${segment}`)));
        if (!listRoute) throw new Error(`${route}: no list to take a value of ${segment} from`);
        const first = await owner.api.get(`${path}/?page_size=1`);
        value = (first.body as { unique_id?: string }[])[0]?.unique_id ?? '';
        if (!value) throw new Error(`${route}: the list ${path}/ has no item for ${segment}`);
      }
      path += `/${encodeURIComponent(value)}`;
    }
    return `${path}/`;
  }

  const totalOf = (response: ApiResponse) => Number(response.headers.get('X-Total-Count'));

  it('finds the lists among the routes', () => {
    const paths = lists.map((list) => list.path);
    // The lists that once paged with their own SQL, and the bounded report, are among them.
    expect(paths).toEqual(expect.arrayContaining([expect.stringMatching(/\/history$/), expect.stringMatching(/\/activity$/), expect.stringMatching(/\/deliveries$/), expect.stringMatching(/\/webhooks$/), expect.stringMatching(/\/follow-ups$/)]));
    expect(paths.length).toBeGreaterThan(15);
  });

  it('answers 200 with no items and the total of the list', async () => {
    const failures: string[] = [];
    for (const list of lists) {
      const path = await pathOf(list.path);
      const first = await owner.api.get(path);
      // The client refuses an answer the API description does not allow (a 500): that is a failure of this list too.
      const far = await owner.api.get(`${path}?page=${FAR_PAGE}`).catch((error: Error) => error);
      const problem =
        far instanceof Error
          ? far.message.slice(0, 300)
          : far.status !== 200
            ? `status ${far.status}`
            : itemsOf(far.body).length !== 0
              ? `items ${far.text.slice(0, 200)}`
              : !Number.isSafeInteger(totalOf(far)) || totalOf(far) !== totalOf(first)
                ? `X-Total-Count ${far.headers.get('X-Total-Count')} where page 1 says ${first.headers.get('X-Total-Count')}`
                : null;
      if (problem) failures.push(`${list.path}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });
});
