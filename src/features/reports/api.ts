import type { Page } from '../../../contract/codes';
import type { GeneratedReport } from '../../../contract/mailings';
import { postData } from '../../api/call';
import { download } from '../../api/files';

/** The generated reports' calls (server/reports/routes.ts) and their query keys. */
export interface ReportFilter {
  pageIndex: number;
  state?: string;
  mine?: boolean;
}

export const reportsApi = {
  list: (filter: ReportFilter) => postData<Page<GeneratedReport>>('/Reports/GetReportList', { pageSize: 20, ...filter }),
  remove: (id: number) => postData<null>('/Reports/DeleteReport', { id }),
  download: (report: GeneratedReport) => download('/Reports/DownloadReport', { id: report.id }, report.file_name),
};

export const reportKeys = {
  all: ['reports'] as const,
  list: (filter: ReportFilter) => ['reports', 'list', filter] as const,
};
