import { AbilityRoot } from '../../../src/auth/AbilityRoot';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { session } from '../../../src/api/session';

/** A user as GetUserInfo stores it. */
export function signIn(roles: string[], username = 'someone') {
  session.setTokens('token', 'refresh');
  session.setUserInfo({ username, email: `${username}@example.com`, roles, country: 'DE', languageCode: 'en', menuDenied: [] });
}

/** Renders with what the portal gives every screen: a router at `path`, react-query, antd's App. */
export function renderAt(ui: ReactNode, path = '/dashboard') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <AbilityRoot>{ui}</AbilityRoot>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
