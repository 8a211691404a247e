import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { session } from '../../src/api/session';
import { AppSider } from '../../src/layout/AppSider';
import { SidebarProvider } from '../../src/layout/SidebarContext';
import { server } from './setup';

/** The sidebar of a signed-in user with these roles, on `path` (the menu overrides are the test's to serve). */
export function renderSider(roles: string[], user: { username?: string; name?: string } = {}, path = '/BasicSettings/userInfoSettings') {
  // A customer's sider also lists their systems (monitoring); none here.
  server.use(http.post('/api/ESS/GetSystemsByCustomer', () => HttpResponse.json({ code: 200, info: 'Success', data: [] })));
  session.setTokens('token', 'refresh');
  session.setUserInfo({
    username: 'someone',
    email: 'someone@example.com',
    roles,
    country: 'DE',
    languageCode: 'en',
    menuDenied: [],
    ...user,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <SidebarProvider>
            <AppSider />
          </SidebarProvider>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...rendered, client };
}
