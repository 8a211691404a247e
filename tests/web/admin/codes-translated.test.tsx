import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { session } from '../../../src/api/session';
import { i18n } from '../../../src/i18n';
import EmailDeliveringRules from '../../../src/features/admin/EmailDeliveringRules';
import UserLog from '../../../src/features/admin/UserLog';
import { renderAt } from '../render-portal';
import { server } from '../setup';

/**
 * What the user log and the e-mail rules store as codes (actions, records, roles, categories,
 * countries) reaches the reader as text of their language; nothing shows the code itself.
 */
const page = (rows: unknown[]) => HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: rows.length } });

function loggedInAsAdmin() {
  session.setTokens('token', 'refresh');
  session.setUserInfo({ username: 'admin', email: '', roles: ['admin'], country: '', languageCode: 'zh-CN', menuDenied: [] });
  server.use(http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })));
}

/** The text of the list's body cells. */
const cellTexts = () => [...document.querySelectorAll('tbody td')].map((td) => td.textContent ?? '').join(' | ');

describe('codes reach the screen as text in the reader’s language', { timeout: 60_000 }, () => {
  it('the user log: actions and records', async () => {
    loggedInAsAdmin();
    await i18n.changeLanguage('zh');
    server.use(
      http.post('/api/UserLog/GetUserLogPageList', () =>
        page([
          { id: 1, created_at: '2026-11-24T08:00:00Z', username: 'anna', action: 'login_failed', target: '', ip: '127.0.0.1' },
          {
            id: 2,
            created_at: '2026-11-24T08:05:00Z',
            username: 'admin',
            action: 'userManagement.update',
            target: 'userManagement:12',
            ip: '127.0.0.1',
          },
          {
            id: 3,
            created_at: '2026-11-24T08:06:00Z',
            username: 'admin',
            action: 'licenseManagement.unassign',
            target: 'licenseManagement:3',
            ip: '127.0.0.1',
          },
        ]),
      ),
    );
    renderAt('/BasicSettings/userLog', '/BasicSettings/userLog', <UserLog />, [{ name: 'userLog', list: '/BasicSettings/userLog' }]);
    await screen.findByText('登录失败');
    const texts = cellTexts();
    expect(texts).toContain(`${i18n.t('menu:userManagement')}：修改`);
    expect(texts).toContain(`${i18n.t('menu:userManagement')} 12`);
    expect(texts).toContain(`${i18n.t('menu:licenseManagement')}：取消分配`);
    expect(texts).not.toMatch(/login_failed|userManagement|licenseManagement|unassign/);
  });

  it('the e-mail rules: categories, roles and countries', async () => {
    loggedInAsAdmin();
    await i18n.changeLanguage('zh');
    server.use(
      http.post('/api/EmailRule/GetCategoryPageList', () =>
        page([
          { id: 1, category_code: 'system_fault', name: 'System fault', description: 'A system reports a fault or a protection event.' },
          { id: 2, category_code: 'custom_event', name: 'Custom event', description: '' },
        ]),
      ),
      http.post('/api/EmailRule/GetEmailRulePageList', () =>
        page([
          {
            id: 1,
            category_code: 'system_fault',
            recipient_kind: 'role',
            recipient_value: 'servicer',
            country: 'Netherlands',
            enabled: true,
            remark: '',
          },
          {
            id: 2,
            category_code: 'system_fault',
            recipient_kind: 'country',
            recipient_value: 'Germany',
            country: 'Germany',
            enabled: true,
            remark: '',
          },
          {
            id: 3,
            category_code: 'custom_event',
            recipient_kind: 'address',
            recipient_value: 'alarms@example.com',
            country: '',
            enabled: false,
            remark: '',
          },
        ]),
      ),
    );
    const route = '/OtherInformation/emailDeliveringRules';
    renderAt(route, route, <EmailDeliveringRules />, [{ name: 'emailDeliveringRules', list: route }]);
    await waitFor(() => expect(cellTexts()).toContain('系统故障'));
    const texts = cellTexts();
    expect(texts).toContain(i18n.t('common:role.servicer'));
    expect(texts).toContain('荷兰');
    expect(texts).toContain('德国');
    // A category an administrator added keeps the name they gave it; an address stays an address.
    expect(texts).toContain('Custom event');
    expect(texts).toContain('alarms@example.com');
    expect(texts).not.toMatch(/System fault|servicer|Germany|Netherlands|system_fault/);
  });
});
