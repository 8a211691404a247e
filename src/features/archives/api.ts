import { archiveCalls } from '../../../contract/archives-calls';
import type { BodyIn } from '../../../contract/endpoint';
import { customerArchives } from '../../../resources/customerArchives';
import { call } from '../../api/call';

/** The customer-archive screens' own calls (contract/archives-calls.ts) and the react-query keys of what they read. */
export const archivesApi = {
  clients: (body: BodyIn<typeof archiveCalls.clients>) => call(archiveCalls.clients, body),
  complaints: (id: number) => call(archiveCalls.complaints, { id }),
};

export const archiveKeys = {
  clients: (body: BodyIn<typeof archiveCalls.clients>) => ['archives', 'clients', body] as const,
  complaints: (id: number) => ['archives', 'complaints', id] as const,
};

/** The screens' routes (permissions/routes.ts). */
export const ARCHIVE_LIST_PATH = customerArchives.route;
export const archiveDetailPath = (id: number | string) => `/customerArchivesDetail?id=${id}`;
