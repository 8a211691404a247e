import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Drawer, Space, Tabs, Typography, type TabsProps } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ResourceDeclaration } from '../../../resources/types';
import { ResourceForm } from '../../resources/ResourceForm';
import type { Row } from '../../resources/screenTypes';
import { useScreens } from '../../ui/useScreens';
import './archives.css';

export interface FileDetailFrameProps {
  /** The list the file belongs to, and the words of the link back to it. */
  back: { to: string; label: string };
  title: string;
  /** What tells the file apart at a glance (S/N, city, license …), joined by middle dots. */
  subtitle: readonly unknown[];
  /** The tabs; the open one is kept in the URL (`tab`), so a link opens it and Back returns to it. */
  tabs: NonNullable<TabsProps['items']>;
  /** The declaration whose generated form edits the file, or none where the caller may not edit. */
  edit?: { declaration: ResourceDeclaration; record: Row; label: string; onSaved: () => void };
  testId: string;
}

/**
 * The page of one file in the after-sales archives (a customer's, an installer's): the way back to the list, the
 * file's name and marks, an edit button opening the declaration's form in a drawer, and the file's tabs.
 */
export function FileDetailFrame({ back, title, subtitle, tabs, edit, testId }: FileDetailFrameProps) {
  const screens = useScreens();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  return (
    <Card styles={{ body: { padding: screens.md ? 24 : 12 } }} data-testid={testId}>
      <div className="archive-header">
        <Space direction="vertical" size={0}>
          <Link to={back.to}>
            <ArrowLeftOutlined /> {back.label}
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle.filter(Boolean).join(' · ')}</Typography.Text>
        </Space>
        {edit && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid={`${testId}-edit`}>
            {edit.label}
          </Button>
        )}
      </div>
      <Tabs
        activeKey={params.get('tab') ?? tabs[0]?.key}
        onChange={(key) => setParams((p) => ({ ...Object.fromEntries(p), tab: key }), { replace: true })}
        items={tabs}
        destroyOnHidden
      />
      {edit && (
        <Drawer
          open={editing}
          title={title}
          width={screens.md ? 560 : '100%'}
          maskClosable={false}
          destroyOnHidden
          onClose={() => setEditing(false)}
        >
          <ResourceForm
            declaration={edit.declaration}
            mode="edit"
            record={edit.record}
            onDone={() => {
              setEditing(false);
              edit.onSaved();
            }}
          />
        </Drawer>
      )}
    </Card>
  );
}

/** What a file's page shows for an id that names no file the user may see. */
export function FileNotFound({ message, back }: { message: string; back: FileDetailFrameProps['back'] }) {
  return (
    <Card>
      <Alert type="warning" showIcon message={message} />
      <Link to={back.to}>{back.label}</Link>
    </Card>
  );
}
