import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { WarrantyPanel } from './WarrantyPanel';
import './warranty.css';

/**
 * The customer's dashboard card of the shown system's warranty: its state and ends, the battery's throughput, and
 * (for the owner) the entry of an extension key.
 */
export function WarrantyCard({ sn }: { sn: string }) {
  const { t } = useTranslation('warranty');
  return (
    <Card
      size="small"
      className="warranty-card"
      data-testid="warranty-card"
      title={
        <span>
          <SafetyCertificateOutlined aria-hidden /> {t('title')}
        </span>
      }
    >
      <WarrantyPanel sn={sn} compact />
    </Card>
  );
}
