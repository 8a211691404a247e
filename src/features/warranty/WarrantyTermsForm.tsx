import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, DatePicker, Form, InputNumber, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { WarrantyAnswer } from '../../../contract/warranty';
import { WARRANTY_START_BASES, type WarrantyStartBasis } from '../../../contract/warranty-constants';
import { warrantyDelivery } from '../../../resources/warrantyDelivery';
import { AttachmentsInput } from '../../resources/attachments';
import { isPending, type AttachmentValue } from '../../resources/attachments/values';
import { warrantyApi, warrantyKeys } from './api';

interface Values {
  start_basis: WarrantyStartBasis;
  delivered_on?: Dayjs | null;
  inverter_years: number;
  battery_years: number;
  battery_mwh: number;
  battery_extendable: boolean;
  delivery_note?: AttachmentValue[];
}

/** The standard terms a system without any starts from (10 years each, 4,000 full cycles of its battery). */
const STANDARD_CYCLES = 4000;

/**
 * A system's warranty terms (SaveSystemwarranty) for after-sales staff: the start (delivery, with its date and
 * delivery note, or commissioning), the inverter's years, the battery's years and MWh, whether keys may extend it.
 */
export function WarrantyTermsForm({ sn, current, capacityKwh }: { sn: string; current?: WarrantyAnswer; capacityKwh: number }) {
  const { t } = useTranslation('warranty');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const basis = Form.useWatch('start_basis', form);
  const battery = current?.components.find((c) => c.kind === 'battery');
  const inverter = current?.components.find((c) => c.kind === 'inverter');
  const save = useMutation({
    mutationFn: (values: Values) =>
      warrantyApi.save({
        sys_sn: sn,
        start_basis: values.start_basis,
        delivered_on: values.start_basis === 'delivery' && values.delivered_on ? values.delivered_on.format('YYYY-MM-DD') : null,
        inverter_years: values.inverter_years,
        battery_years: values.battery_years,
        battery_mwh: values.battery_mwh,
        battery_extendable: values.battery_extendable,
        delivery_note: (values.delivery_note ?? []).filter((f) => !isPending(f)).map((f) => (f as { id: number }).id),
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(warrantyKeys.one(sn), answer);
      void queryClient.invalidateQueries({ queryKey: ['warranty', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['summary'] });
      void message.success(t('saved'));
    },
  });
  const rule = warrantyDelivery.fields.delivery_note!.attachments!;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      aria-label={t('termsTitle')}
      initialValues={{
        start_basis: current?.start_basis ?? 'commissioning',
        delivered_on: current?.delivered_on ? dayjs(current.delivered_on) : null,
        // The terms without the keys' additions: those stay with the extensions.
        inverter_years: inverter ? inverter.years - inverter.extra_years : 10,
        battery_years: battery ? battery.years - battery.extra_years : 10,
        battery_mwh:
          battery?.allowed_mwh != null
            ? battery.allowed_mwh - (battery.extra_mwh ?? 0)
            : Math.round((capacityKwh * STANDARD_CYCLES) / 100) / 10,
        battery_extendable: current?.battery_extendable ?? true,
        delivery_note: current?.delivery_note ?? [],
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item name="start_basis" label={t('startBasis')}>
        <Radio.Group options={WARRANTY_START_BASES.map((b) => ({ value: b, label: t(`basis.${b}`) }))} />
      </Form.Item>
      {basis === 'delivery' ? (
        <>
          <Form.Item name="delivered_on" label={t('deliveredOn')} rules={[{ required: true, message: t('deliveredOnRequired') }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="delivery_note" label={t('deliveryNote')}>
            <AttachmentsInput declaration={warrantyDelivery} name="delivery_note" rule={rule} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="inverter_years" label={t('inverterYears')} rules={[{ required: true }]}>
        <InputNumber min={1} max={30} precision={0} />
      </Form.Item>
      <Form.Item name="battery_years" label={t('batteryYears')} rules={[{ required: true }]}>
        <InputNumber min={1} max={30} precision={0} />
      </Form.Item>
      <Form.Item name="battery_mwh" label={t('batteryMwh')} extra={t('throughputHelp')} rules={[{ required: true }]}>
        <InputNumber min={0.1} max={100000} step={1} />
      </Form.Item>
      <Form.Item name="battery_extendable" valuePropName="checked">
        <Checkbox>{t('batteryExtendable')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('saveTerms')}
      </Button>
    </Form>
  );
}
