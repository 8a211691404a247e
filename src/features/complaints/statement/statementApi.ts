import type { StatementBody } from '../../../../contract/complaints-statement';
import { statementCalls } from '../../../../contract/complaints-calls';
import { call } from '../../../api/call';

/** The statistical statement's calls (contract/complaints-calls.ts statementCalls). */
export const statementKey = (body: StatementBody) => ['complaints', 'statement', body.from, body.to, body.groupBy ?? null] as const;

export const fetchStatement = (body: StatementBody) => call(statementCalls.figures, body);
