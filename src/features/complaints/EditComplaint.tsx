import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { complaints } from '../../../resources/complaints';
import { currentAbility } from '../../auth/ability';
import { ResourceForm } from '../../resources/ResourceForm';
import { useScreens } from '../../ui/useScreens';
import { complaintKeys, type Complaint } from './api';
import { useAudience } from './audience';

/**
 * Edit a complaint (spec §5: at least one of e-mail and contact number stays; the server says 3 otherwise): the
 * generated form of the declaration in a drawer. Not once archived (read only, DESIGN §9); the priority is staff's.
 * The customer side edits only while it is new: once staff acted on it, what they acted on stays (the server: 45).
 */
export function EditComplaint({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const screens = useScreens();
  const customer = useAudience() === 'customer';
  if (complaint.status === 'archived' || (customer && complaint.status !== 'new') || !currentAbility().can('update', 'complaint'))
    return null;
  return (
    <>
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="complaint-edit">
        {t('complaints:edit.button')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('complaints:edit.title')}
        width={screens.sm ? 560 : '100%'}
        destroyOnHidden
        maskClosable={false}
      >
        <ResourceForm
          declaration={complaints}
          mode="edit"
          record={complaint}
          lockedFields={customer ? { priority: t('complaints:edit.priorityByStaff') } : undefined}
          onDone={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
          }}
        />
      </Drawer>
    </>
  );
}
