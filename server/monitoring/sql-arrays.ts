/**
 * A PostgreSQL array literal for one bound parameter (`${pgArray(xs)}::int[]`). Bulk writes pass whole
 * columns as arrays to UNNEST: one statement, one parameter per column, however many rows. Elements are
 * quoted and escaped, so any text is safe; null becomes NULL.
 */
export function pgArray(values: ReadonlyArray<string | number | null>): string {
  // Ingest sends columns of hundreds of numbers per batch: those need no quoting, only a finiteness check.
  if (values.every((v) => typeof v === 'number' && Number.isFinite(v))) return `{${values.join(',')}}`;
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
      return String(v);
    }
    return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}
