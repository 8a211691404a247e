import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSharerOnly } from '../roles';
import { ALL_SN } from '../../shared/monitoring';
import { ShareDialog } from './ShareDialog';

/** Spec §6: hidden when the user's only role is sharer, or when 'All' is selected. */
export function showsShareIcon(roles: readonly string[], sn: string | undefined): boolean {
  return !!sn && sn !== ALL_SN && !isSharerOnly(roles);
}

export function ShareButton({ sn, roles }: { sn: string | undefined; roles: readonly string[] }) {
  const { t } = useTranslation('monitoring');
  const [open, setOpen] = useState(false);
  if (!showsShareIcon(roles, sn)) return null;
  return (
    <>
      <Tooltip title={t('share.title')}>
        <Button icon={<ShareAltOutlined />} aria-label={t('share.title')} data-testid="share-button" onClick={() => setOpen(true)} />
      </Tooltip>
      <ShareDialog sn={sn!} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
