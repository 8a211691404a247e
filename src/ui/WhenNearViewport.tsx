import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useNearViewport } from './useNearViewport';

/**
 * A card further down a page rendered once the user scrolls within 400 px of it; until then a skeleton card of
 * about its height holds its place. The dashboard's income, weather and fault cards took a few hundred
 * milliseconds of main thread each on a cold load while nobody could see them (Lighthouse total blocking time).
 */
export function WhenNearViewport({ height, children }: { height: number; children: ReactNode }) {
  const [near, placeholder] = useNearViewport(400);
  if (near) return <>{children}</>;
  return (
    <Card aria-busy ref={placeholder} style={{ minHeight: height }}>
      {/* No title: its <h3> would break the page's heading order (Lighthouse accessibility). */}
      <Skeleton active title={false} paragraph={{ rows: Math.max(2, Math.round(height / 60)) }} />
    </Card>
  );
}
