import { pgArray } from '../../../server/monitoring/sql-arrays';
import { createTestApp, type TestApp } from '../helpers';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('numbers, text with quotes and backslashes, and nulls come back from the database as sent', async () => {
  const numbers = [0, -12, 3.5, 1e6];
  const texts = ['plain', 'with "quotes"', 'back\\slash', 'comma, brace }', null];
  // Element by element as rows, so that no driver's parsing of array output comes in between.
  const numberRows = await queryRows<{ n: number }>(t.db, sql`SELECT unnest(${pgArray(numbers)}::float8[]) AS n`);
  expect(numberRows.map((r) => Number(r.n))).toEqual(numbers);
  const textRows = await queryRows<{ text: string | null }>(t.db, sql`SELECT unnest(${pgArray(texts)}::text[]) AS text`);
  expect(textRows.map((r) => r.text)).toEqual(texts);
});

test('a number that is not finite is refused before it reaches the database', () => {
  expect(() => pgArray([1, Number.NaN])).toThrow(/not a finite number/);
  expect(() => pgArray([Infinity])).toThrow(/not a finite number/);
});
