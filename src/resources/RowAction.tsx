import { Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';
import { forwardRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitGuard } from './useSubmitGuard';

type Props = Omit<ButtonProps, 'type' | 'icon' | 'title' | 'children'> & {
  /** Said by the tooltip and to screen readers. */
  title: string;
  icon: ReactNode;
  /** False keeps the tooltip shut (while a confirmation of this action is open). */
  tooltipOpen?: false;
  'data-testid'?: string;
};

/**
 * One action of a list row: an icon with its name in a tooltip, so that a row's actions take little width
 * and the data columns keep theirs. Forwards its ref and the props a Popconfirm adds, so it can sit inside one.
 */
export const RowAction = forwardRef<HTMLButtonElement, Props>(function RowAction({ title, icon, tooltipOpen, ...rest }, ref) {
  return (
    <Tooltip title={title} open={tooltipOpen}>
      <Button ref={ref} type="link" icon={icon} aria-label={title} {...rest} />
    </Tooltip>
  );
});

type ConfirmProps = Omit<Props, 'tooltipOpen'> & {
  /** The question of the confirmation. */
  confirm: string;
  /** The confirming button's words; 'OK' when not given. */
  okText?: string;
  onConfirm: () => unknown;
  'data-confirm-testid'?: string;
};

/**
 * A row action that asks first, and runs once however often its confirming button is clicked (spec §5).
 * Its tooltip closes while the question is open: the pointer still rests on the icon, and the tooltip would
 * otherwise cover the confirming button of a small popup.
 */
export function ConfirmRowAction({ confirm, okText, onConfirm, danger, 'data-confirm-testid': confirmTestId, ...action }: ConfirmProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const { busy, guard } = useSubmitGuard();
  return (
    <Popconfirm
      title={confirm}
      okText={okText ?? t('common:actions.ok')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger, loading: busy, ...(confirmTestId ? { 'data-testid': confirmTestId } : {}) } as ButtonProps}
      // The popup stays open, its button loading, until the action is done.
      onConfirm={() => guard(async () => onConfirm())}
      onOpenChange={setAsking}
    >
      <RowAction {...action} danger={danger} tooltipOpen={asking ? false : undefined} />
    </Popconfirm>
  );
}
