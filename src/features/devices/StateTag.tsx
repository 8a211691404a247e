import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandState } from '../../../contract/device-commands';
import { STATE_COLORS } from './catalogue';

/** A command's state as a coloured tag. */
export function StateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`devices:state.${state}`)}</Tag>;
}
