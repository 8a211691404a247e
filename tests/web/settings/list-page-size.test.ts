import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/api/session';
import { readSearch, writeSearch } from '../../../src/features/complaints/listSearch';

// The rows per page a staff member chose in their settings (OtherRoleUserSetting pageSize) page every list that
// has no size of its own in the URL; the storage list's case is in monitoring/storage-list-url.test.tsx.
describe("the staff member's rows per page", () => {
  afterEach(() => session.setListPageSize(null));

  it('pages the complaint list when the URL names no size, and is not written to the URL', () => {
    expect(readSearch(new URLSearchParams()).pageSize).toBe(10);
    session.setListPageSize(50);
    const search = readSearch(new URLSearchParams('category=open'));
    expect(search.pageSize).toBe(50);
    expect(writeSearch(search).get('pageSize')).toBeNull();
    // A size chosen on the list itself still wins, and is kept in the URL.
    expect(readSearch(new URLSearchParams('pageSize=20')).pageSize).toBe(20);
    expect(writeSearch({ ...search, pageSize: 20 }).get('pageSize')).toBe('20');
  });

  it('is the list default only within 1 to 100 rows', () => {
    session.setListPageSize(500);
    expect(session.getListPageSize(20)).toBe(20);
  });
});
