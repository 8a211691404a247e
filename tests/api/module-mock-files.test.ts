import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { API_FILES_WITH_MODULE_MOCKS } from './module-mock-files';

const root = join(import.meta.dirname, '../..');
const testFiles = (readdirSync(join(root, 'tests/api'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => relative(root, join(root, 'tests/api', file)));

it('every API test file that mocks a module runs in the isolated project, and only those', () => {
  // Built from two strings so that this file does not name the call itself.
  const mockCall = new RegExp(`\\bvi\\.(do)?${'mock'}\\(`);
  const mocking = testFiles.filter((file) => mockCall.test(readFileSync(join(root, file), 'utf8'))).sort();
  expect(mocking).toEqual([...API_FILES_WITH_MODULE_MOCKS].sort());
});
