import { Card, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useScreens } from './useScreens';
import './PageCard.css';

interface PageCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** The screen's name: its menu entry's title (menuManagement's override included), as the breadcrumb says it. */
  title: ReactNode;
  /** The screen's buttons, right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The card a list screen sits in: the title on the left, the screen's buttons on the right (under the title on a
 * phone instead of clipping it), with less padding on a phone. The generated lists and the hand-written ones look alike.
 */
export function PageCard({ title, actions, children, ...rest }: PageCardProps) {
  const screens = useScreens();
  return (
    <Card styles={{ body: { padding: screens.md ? 24 : 12 } }} {...rest}>
      <div className="page-card-header">
        <Typography.Title level={4}>{title}</Typography.Title>
        {actions}
      </div>
      {children}
    </Card>
  );
}
