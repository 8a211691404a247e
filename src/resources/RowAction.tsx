import { Button, Tooltip, type ButtonProps } from 'antd';
import { forwardRef, type ReactNode } from 'react';

type Props = Omit<ButtonProps, 'type' | 'icon' | 'title' | 'children'> & {
  /** Said by the tooltip and to screen readers. */
  title: string;
  icon: ReactNode;
  'data-testid'?: string;
};

/**
 * One action of a list row: an icon with its name in a tooltip, so that a row's actions take little width
 * and the data columns keep theirs. Forwards its ref and the props a Popconfirm adds, so it can sit inside one.
 */
export const RowAction = forwardRef<HTMLButtonElement, Props>(function RowAction({ title, icon, ...rest }, ref) {
  return (
    <Tooltip title={title}>
      <Button ref={ref} type="link" icon={icon} aria-label={title} {...rest} />
    </Tooltip>
  );
});
