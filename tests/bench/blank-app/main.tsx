// The reference for the login-route size budget: the smallest Refine + antd app with the themed layout.
import { createRoot } from 'react-dom/client';
import { Refine } from '@refinedev/core';
import { ThemedLayout, useNotificationProvider } from '@refinedev/antd';
import routerProvider from '@refinedev/react-router';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { App as AntdApp } from 'antd';

function Blank() {
  return (
    <BrowserRouter>
      <AntdApp>
        <Refine routerProvider={routerProvider} notificationProvider={useNotificationProvider}>
          <Routes>
            <Route element={<ThemedLayout><Outlet /></ThemedLayout>}>
              <Route path="*" element={<div>blank</div>} />
            </Route>
          </Routes>
        </Refine>
      </AntdApp>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')!).render(<Blank />);
