/**
 * API test files that replace a module with vi.mock (a fixture resource beside the shipped ones). The 'api' project
 * shares imported modules between the files of a worker (vite.config.ts, `isolate: false`), where a mock would not
 * apply; these files run in the 'api-mocked' project, each importing afresh. tests/api/module-mock-files.test.ts
 * fails when a file mocks a module and is missing here.
 */
export const API_FILES_WITH_MODULE_MOCKS = [
  'tests/api/authorization/subjects.test.ts',
  'tests/api/crud/attachments-scoped.test.ts',
  'tests/api/crud/attachments.test.ts',
  'tests/api/crud/bodies.test.ts',
  'tests/api/crud/fixture.test.ts',
  'tests/api/crud/scoped.test.ts',
  'tests/api/crud/workflow-scoped.test.ts',
  'tests/api/crud/workflow.test.ts',
  'tests/api/uploads/inline.test.ts',
  'tests/api/uploads/quota.test.ts',
];
