import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSharerOnly } from '../../../../../permissions/roles';
import { useCustomerSystems } from '../useCustomerSystems';
import { ALL_SN } from '../../../../../contract/monitoring-constants';

/** The dialog (a form, the share list, its pagination) is loaded on the first click, not with the dashboard. */
const ShareDialog = lazy(() => import('./ShareDialog').then((module) => ({ default: module.ShareDialog })));

/**
 * Spec §6: hidden when the user's only role is sharer, or when 'All' is selected; and (DESIGN §6: only the
 * owner shares) when the selected system is one shared with the user, who may also be a customer.
 */
export function showsShareIcon(roles: readonly string[], sn: string | undefined, sharedWithMe = false): boolean {
  return !!sn && sn !== ALL_SN && !isSharerOnly(roles) && !sharedWithMe;
}

export function ShareButton({ sn, roles }: { sn: string | undefined; roles: readonly string[] }) {
  const { t } = useTranslation('monitoring');
  const [open, setOpen] = useState(false);
  // Kept mounted once opened, so that closing plays the dialog's animation.
  const [opened, setOpened] = useState(false);
  // The selector's list (already loaded, cached) says whether the system is the user's own.
  const { data: systems } = useCustomerSystems();
  const sharedWithMe = systems?.find((s) => s.sys_sn === sn)?.shared_with_me === true;
  if (!showsShareIcon(roles, sn, sharedWithMe)) return null;
  return (
    <>
      <Tooltip title={t('share.title')}>
        <Button
          icon={<ShareAltOutlined />}
          aria-label={t('share.title')}
          data-testid="share-button"
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
        />
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <ShareDialog sn={sn!} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
