export interface TimeZoneEntry {
  id: string;
  /** The offset from UTC at the moment asked, e.g. '+01:00' (it changes with daylight saving time). */
  offset: string;
  name: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function offsetOf(timeZone: string, at: Date): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(timeZone, formatter);
  }
  // 'GMT+05:30', or plain 'GMT' at UTC itself.
  const label = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return label === 'GMT' ? '+00:00' : label.slice('GMT'.length);
}

function minutesOf(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  return sign * (hours! * 60 + (minutes ?? 0));
}

/** Every IANA time zone the runtime knows, with its current offset, west to east. */
export function listTimeZones(at: Date): TimeZoneEntry[] {
  const ids = new Set(Intl.supportedValuesOf('timeZone'));
  ids.add('UTC');
  return [...ids]
    .map((id) => {
      const offset = offsetOf(id, at);
      return { id, offset, name: `(UTC${offset}) ${id}` };
    })
    .sort((a, b) => minutesOf(a.offset) - minutesOf(b.offset) || a.id.localeCompare(b.id));
}
