/**
 * Make Admin's table (GET /users with query parameters): search by email, a role filter, sort by
 * column and one page. Answers each user's `createdAt` as well, for the table's date column.
 */
import type { User, UserSortColumn, UsersListQuery } from '@sprocket/contract';
import type { Store, StoredDoc } from '../../store/port.js';
import { adminTablePage, searchFold, type Page } from '../list-query.js';
import { holdsAdminRights, toUser, USERS, type UserDoc } from './users.service.js';

const toListedUser = (doc: StoredDoc<UserDoc>): User => ({
  ...toUser(doc),
  createdAt: doc.data.createdAt,
});

export async function queryUsers(store: Store, query: UsersListQuery): Promise<Page<User>> {
  const docs = await store.query<UserDoc>(USERS, { orderBy: [{ field: 'createdAt' }] });
  const page = adminTablePage<StoredDoc<UserDoc>, UserSortColumn>(docs, query, {
    searchText: ({ data }) => searchFold(data.email),
    filter: ({ data }) =>
      query.role === undefined || holdsAdminRights(data, data.uid) === (query.role === 'admin'),
    valueOf: ({ data }, column) =>
      column === 'createdAt' ? Date.parse(data.createdAt) || 0 : data.email,
  });
  return { ...page, items: page.items.map(toListedUser) };
}
