import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n';
import MailTiming from '../../src/features/mailings/MailTiming';
import ReportGenerateResult from '../../src/features/reports/ReportGenerateResult';
import { server } from './setup';
import { renderAt, signIn } from './render-portal';

const EMPTY_PAGE = { code: 200, info: 'Success', data: { data: [], dataCount: 0 } };

/**
 * The hand-written lists sit in the card the generated ones have: the menu entry's title as the page's heading
 * with the screen's buttons beside it (the mail jobs and the generated reports had started with a bare intro).
 */
describe('hand-written lists in the page card', { timeout: 60_000 }, () => {
  it('mail timing: its menu title as heading, "new mail job" beside it', async () => {
    signIn(['admin'], 'admin');
    server.use(http.post('/api/MailTiming/GetMailJobList', () => HttpResponse.json(EMPTY_PAGE)));
    renderAt('/OtherInformation/mailTiming', '/OtherInformation/mailTiming', <MailTiming />, []);
    const heading = await screen.findByRole('heading', { name: i18n.t('menu:mailTiming') });
    const header = heading.parentElement!;
    expect(within(header).getByText(i18n.t('mailings:mailTiming.add')).closest('button')).toBeInTheDocument();
  });

  it('generated reports: its menu title as heading, refresh beside it', async () => {
    signIn(['admin'], 'admin');
    server.use(http.post('/api/Reports/GetReportList', () => HttpResponse.json(EMPTY_PAGE)));
    renderAt('/BasicSettings/reportGenerateResult', '/BasicSettings/reportGenerateResult', <ReportGenerateResult />, []);
    const heading = await screen.findByRole('heading', { name: i18n.t('menu:reportGenerateResult') });
    expect(within(heading.parentElement!).getByText(i18n.t('mailings:reports.refresh')).closest('button')).toBeInTheDocument();
  });
});
