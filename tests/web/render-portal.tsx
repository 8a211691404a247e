import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { accessControlProvider } from '../../src/providers/access';
import { dataProvider } from '../../src/providers/data';

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
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}
