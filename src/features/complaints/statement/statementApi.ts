import type { Statement, StatementBody } from '../../../../contract/complaints-statement';
import { postData } from '../../../api/call';

/** The statistical statement's calls (server/complaints/statement-routes.ts). */
export const STATEMENT_PATH = '/Complaints/GetStatisticalStatement';
export const STATEMENT_EXPORT_PATH = '/Complaints/ExportStatisticalStatement';

export const statementKey = (body: StatementBody) => ['complaints', 'statement', body.from, body.to, body.groupBy ?? null] as const;

export const fetchStatement = (body: StatementBody) => postData<Statement>(STATEMENT_PATH, { ...body });
