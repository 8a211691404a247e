/**
 * Ticks for a time axis in epoch milliseconds: whole hours of the reader's clock (the formatting layer's default
 * zone), every `everyHours` of them (midnight, 3 AM, 6 AM…), from `first` to `last`. A span of 15-minute means
 * otherwise took its ticks from the points, at odd minutes (2:03 PM, 7:48 PM).
 */
export function wholeHourTicks(first: number, last: number, everyHours = 3): number[] {
  const tick = new Date(first);
  tick.setMinutes(0, 0, 0);
  if (tick.getTime() < first) tick.setHours(tick.getHours() + 1);
  while (tick.getHours() % everyHours !== 0) tick.setHours(tick.getHours() + 1);
  const ticks: number[] = [];
  for (; tick.getTime() <= last; tick.setHours(tick.getHours() + everyHours)) ticks.push(tick.getTime());
  return ticks;
}
