import type { Page } from '../../../contract/codes';
import type { MailDelivery, MailJob, MailJobBody, MailPreview, MailRun } from '../../../contract/mailings';
import { postData } from '../../api/call';
import { api } from '../../api/client';

/** Scheduled mail's calls (server/mailings/routes.ts) and their query keys. */
export interface RecipientOption {
  id: number;
  username: string;
  display_name: string;
  roles: string[];
}

export interface QueueRun {
  id: string;
  name: string;
  state: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  attempts: number;
  error: string | null;
}

export const mailingsApi = {
  list: () => postData<Page<MailJob>>('/MailTiming/GetMailJobList', { pageIndex: 1, pageSize: 200 }),
  one: (id: number) => postData<MailJob>('/MailTiming/GetMailJob', { id }),
  save: (body: MailJobBody) => postData<MailJob>('/MailTiming/SaveMailJob', { ...body }),
  enable: (id: number, enabled: boolean) => postData<MailJob>('/MailTiming/SetMailJobEnabled', { id, enabled }),
  remove: (id: number) => postData<null>('/MailTiming/DeleteMailJob', { id }),
  preview: (id: number, userId: number, language?: string) =>
    postData<MailPreview>('/MailTiming/PreviewMailJob', { id, user_id: userId, ...(language ? { language } : {}) }),
  /** Quiet: a period sent already (15) is the screen's question, not an error message. */
  runNow: (id: number, resend: boolean) =>
    api.post<MailRun | { period?: string } | null>('/MailTiming/RunMailJob', { id, ...(resend ? { resend: true } : {}) }, { quiet: true }),
  runs: (id: number, pageIndex: number) =>
    postData<Page<MailRun>>('/MailTiming/GetMailJobRuns', { mail_job_id: id, pageIndex, pageSize: 10 }),
  deliveries: (runId: number) => postData<MailDelivery[]>('/MailTiming/GetMailRunDeliveries', { run_id: runId }),
  recipients: (keyword: string) => postData<RecipientOption[]>('/MailTiming/GetRecipientOptions', { keyword }),
  queueRuns: (pageIndex: number) => postData<Page<QueueRun>>('/Jobs/GetJobRuns', { pageIndex, pageSize: 10, name: 'mailings.run' }),
};

export const mailingKeys = {
  all: ['mailings'] as const,
  list: () => ['mailings', 'list'] as const,
  runs: (id: number, page: number) => ['mailings', 'runs', id, page] as const,
  deliveries: (runId: number) => ['mailings', 'deliveries', runId] as const,
  preview: (id: number, userId: number, language?: string) => ['mailings', 'preview', id, userId, language ?? ''] as const,
  recipients: (keyword: string) => ['mailings', 'recipients', keyword] as const,
  queueRuns: (page: number) => ['mailings', 'queue', page] as const,
};
