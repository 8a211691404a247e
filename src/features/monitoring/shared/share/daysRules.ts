import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { Formatter } from '../../../../i18n/format';
import { SHARE_DAYS } from '../../../../../contract/monitoring-constants';
import { DIGITS } from './rules';

/**
 * The rules of a share's days field (spec §5): required ('Please fill in the number of days'), digits only
 * ('Please fill in the numbers'), and within the server's range, said with the range before the server is asked.
 */
export function daysRules(t: TFunction<'monitoring'>, fmt: Formatter): FormRule[] {
  return [
    { required: true, message: t('share.daysRequired') },
    { pattern: DIGITS, message: t('share.daysDigits') },
    {
      validator: async (_, value: string | undefined) => {
        if (!value || !DIGITS.test(value)) return;
        const days = Number(value);
        if (days < SHARE_DAYS.min || days > SHARE_DAYS.max) {
          throw new Error(rangeText(t, fmt));
        }
      },
    },
  ];
}

/** 'Please fill in a number of days from 1 to 36,500', in the reader's language and number format. */
export function rangeText(t: TFunction<'monitoring'>, fmt: Formatter): string {
  return t('share.daysRange', { min: fmt.number(SHARE_DAYS.min, 0), max: fmt.number(SHARE_DAYS.max, 0) });
}
