import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { session } from '../../src/api/session';
import { AbilityRoot } from '../../src/auth/AbilityRoot';
import { i18n } from '../../src/i18n';
import { accessControlProvider } from '../../src/providers/access';
import { dataProvider } from '../../src/providers/data';

/** A user as GetUserInfo stores it (roles as given), signed in. */
export function signIn(roles: readonly string[], username = 'u') {
  session.setTokens('token', 'refresh');
  session.setUserInfo({ username, email: '', roles: [...roles], country: '', languageCode: 'en', menuDenied: [] });
}

/** A screen at `url` inside the portal's own Refine providers (data, access control, router), as the app mounts it. */
export function renderAt(url: string, path: string, element: ReactNode, resources: { name: string; list: string }[]) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={accessControlProvider}
          resources={resources}
          options={{ disableTelemetry: true, syncWithLocation: true }}
        >
          <AbilityRoot>
            <Routes>
              <Route path={path} element={element} />
            </Routes>
          </AbilityRoot>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** A form or a screen part that needs the portal's data provider and access control, but no route of its own. */
export function renderWithData(element: ReactNode) {
  return render(
    <MemoryRouter>
      <AntdApp>
        <Refine dataProvider={dataProvider} accessControlProvider={accessControlProvider} options={{ disableTelemetry: true }}>
          <AbilityRoot>{element}</AbilityRoot>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** A fixture declaration's texts (`{ namespace: texts }`), added to a language already loaded. */
export function addTexts(bundles: Record<string, object>, language = 'en') {
  for (const [namespace, texts] of Object.entries(bundles)) i18n.addResourceBundle(language, namespace, texts, true, false);
}
