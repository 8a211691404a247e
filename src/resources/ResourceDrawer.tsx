import { Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../resources/types';
import { useScreens } from '../ui/useScreens';
import { ResourceForm } from './ResourceForm';
import { ResourceShow } from './ResourceShow';
import type { Cells, ResourceScreenOptions, Row } from './screenTypes';
import type { DrawerAction } from './useDrawerUrl';
import { WorkflowPanel } from './workflow/WorkflowPanel';

interface Props {
  declaration: ResourceDeclaration;
  /** What the drawer shows: create, edit or show (anything else, as a URL may say: closed). */
  view: DrawerAction | (string & {}) | null;
  id: string | null;
  record: Row | undefined;
  /** The record is still being read. */
  loading: boolean;
  /** The screen's title, named in the drawer's. */
  title: string;
  cells: Cells;
  options: ResourceScreenOptions;
  onClose: () => void;
  /** After a save: the drawer closes and the list is read again. */
  onSaved: () => void;
  /** After a workflow action: the record and the list are read again. */
  onWorkflowChanged: () => void;
}

/** The drawer of a record: its show page with its workflow (actions and history), or the create / edit form. */
export function ResourceDrawer({
  declaration,
  view,
  id,
  record,
  loading,
  title,
  cells,
  options,
  onClose,
  onSaved,
  onWorkflowChanged,
}: Props) {
  const { t } = useTranslation();
  const screens = useScreens();
  const Form = options.form ?? ResourceForm;
  const Show = options.show ?? ResourceShow;
  const open = view === 'create' || ((view === 'edit' || view === 'show') && (!!record || loading));
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={screens.md ? 560 : '100%'}
      maskClosable={false}
      destroyOnHidden
      data-testid="resource-drawer"
      title={t(`admin:list.${view === 'create' ? 'createTitle' : view === 'edit' ? 'editTitle' : 'showTitle'}`, { name: title })}
    >
      {loading && (
        <div className="resource-drawer-loading">
          <Spin />
        </div>
      )}
      {view === 'show' && record && <Show declaration={declaration} record={record} cells={cells} />}
      {view === 'show' && record && declaration.workflow && (
        <WorkflowPanel declaration={{ ...declaration, workflow: declaration.workflow }} record={record} onChanged={onWorkflowChanged} />
      )}
      {(view === 'create' || (view === 'edit' && record)) && (
        <Form
          key={`${view}-${id ?? ''}`}
          declaration={declaration}
          mode={view === 'create' ? 'create' : 'edit'}
          record={view === 'edit' ? record : undefined}
          onDone={onSaved}
        />
      )}
    </Drawer>
  );
}
