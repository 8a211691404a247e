import { WarrantyStateTag, useWarranty } from './WarrantyPanel';

/**
 * Whether the system a complaint is about is under warranty today (GetWarranty): 'under warranty until …' or 'out of
 * warranty since …'. Nothing while it loads, for a system without recorded terms, or outside the reader's scope.
 */
export function ComplaintWarrantyTag({ sn }: { sn: string }) {
  const warranty = useWarranty(sn, sn !== '');
  if (!warranty.data) return null;
  return <WarrantyStateTag state={warranty.data.state} end={warranty.data.end_on} />;
}
