import type { ArchiveComplaint, ClientListBody, ClientRow } from '../../../contract/archives';
import type { Page } from '../../../contract/codes';
import { customerArchives } from '../../../resources/customerArchives';
import { postData } from '../../api/call';

/** The customer-archive screens' own calls (server/archives/routes.ts) and the react-query keys of what they read. */
export const archivesApi = {
  clients: (body: Partial<ClientListBody>) => postData<Page<ClientRow>>('/CustomerArchives/GetClientPageList', body),
  complaints: (id: number) => postData<ArchiveComplaint[]>('/CustomerArchives/GetCustomerArchiveComplaints', { id }),
};

export const EXPORT_PATH = '/CustomerArchives/ExportCustomerArchives';

export const archiveKeys = {
  clients: (body: Partial<ClientListBody>) => ['archives', 'clients', body] as const,
  complaints: (id: number) => ['archives', 'complaints', id] as const,
};

/** The screens' routes (permissions/routes.ts). */
export const ARCHIVE_LIST_PATH = customerArchives.route;
export const archiveDetailPath = (id: number | string) => `/customerArchivesDetail?id=${id}`;
