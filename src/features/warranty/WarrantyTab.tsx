import { Divider, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanAccess } from '../../auth/ability';
import { WarrantyPanel, isMissing, useWarranty } from './WarrantyPanel';
import { WarrantyTermsForm } from './WarrantyTermsForm';

/** The system page's warranty tab (staff in scope): the warranty, and its terms for after-sales staff. */
export function WarrantyTab({ sn, capacityKwh }: { sn: string; capacityKwh: number }) {
  const { t } = useTranslation('warranty');
  const can = useCanAccess();
  const keeper = can('warranty', 'update');
  const warranty = useWarranty(sn, keeper);
  return (
    <div>
      <WarrantyPanel sn={sn} />
      {keeper ? (
        <>
          <Divider />
          <Typography.Title level={5}>{t('termsTitle')}</Typography.Title>
          {warranty.isLoading ? (
            <Skeleton active />
          ) : warranty.data || isMissing(warranty.error) ? (
            // Keyed by the terms' start so that the form takes the saved values back after a save.
            <WarrantyTermsForm key={warranty.data?.start_on ?? 'new'} sn={sn} current={warranty.data} capacityKwh={capacityKwh} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
