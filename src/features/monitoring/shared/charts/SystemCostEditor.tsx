import { useQueryClient } from '@tanstack/react-query';
import { App, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../../api';
import { useFormat } from '../../../../i18n/format';

/** The system cost the payback is measured against; editable by its owner (canEdit: permissions/entities.ts), read by others. */
export function SystemCostEditor({ sn, cost, currency, canEdit }: { sn: string; cost: number | null; currency: string; canEdit: boolean }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  // The number InputNumber parsed from what was typed, in the language's own decimal separator ('12000,50' in German).
  const [value, setValue] = useState<number | null>(cost);
  const decimalSeparator = new Intl.NumberFormat(format.locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const text = cost === null ? t('income.costNotSet') : format.money(cost, currency);

  if (!canEdit) return <div className="monitor-cost">{text}</div>;
  if (!editing) {
    return (
      <Typography.Text
        className="monitor-cost"
        editable={{
          onStart: () => {
            setValue(cost);
            setEditing(true);
          },
          tooltip: t('income.editCost'),
        }}
      >
        {text}
      </Typography.Text>
    );
  }
  return (
    <InputNumber<number>
      autoFocus
      min={0}
      max={1e9}
      defaultValue={cost ?? undefined}
      decimalSeparator={decimalSeparator}
      precision={2}
      onChange={setValue}
      addonAfter={currency}
      style={{ width: '100%' }}
      onBlur={() => setEditing(false)}
      onPressEnter={async () => {
        setEditing(false);
        if (value === null || !Number.isFinite(value)) return;
        await monitoringApi.updateSystemCost(sn, value);
        void message.success(t('saved'));
        await client.invalidateQueries({ queryKey: monitoringKeys.payoff(sn) });
      }}
    />
  );
}
