// The reference of the web budgets: the smallest Refine + antd app with the themed layout that fetches a
// tiny JSON (public/rows.json) through a Refine data provider and shows it in an antd table, so that its
// "first table row" is comparable with the portal's first figure and first row.
import { createRoot } from 'react-dom/client';
import { Refine, type DataProvider } from '@refinedev/core';
import { ThemedLayout, useNotificationProvider, useTable } from '@refinedev/antd';
import routerProvider from '@refinedev/react-router';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { App as AntdApp, Table } from 'antd';

interface Row {
  id: number;
  name: string;
  sn: string;
  status: string;
}

/** Only the list call is used; the rest of the provider answers nothing. */
const dataProvider = {
  getApiUrl: () => '/',
  async getList() {
    const rows = (await (await fetch('/rows.json')).json()) as Row[];
    return { data: rows, total: rows.length };
  },
} as unknown as DataProvider;

function Rows() {
  const { tableProps } = useTable<Row>({ resource: 'rows', syncWithLocation: false });
  return (
    <Table {...tableProps} rowKey="id">
      <Table.Column dataIndex="name" title="Name" />
      <Table.Column dataIndex="sn" title="S/N" />
      <Table.Column dataIndex="status" title="Status" />
    </Table>
  );
}

function Blank() {
  return (
    <BrowserRouter>
      <AntdApp>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          notificationProvider={useNotificationProvider}
          resources={[{ name: 'rows', list: '/' }]}
        >
          <Routes>
            <Route
              element={
                <ThemedLayout>
                  <Outlet />
                </ThemedLayout>
              }
            >
              <Route path="*" element={<Rows />} />
            </Route>
          </Routes>
        </Refine>
      </AntdApp>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')!).render(<Blank />);
