/**
 * Which of the planned S/Ns the server knows as systems. An empty batch authenticates the device key and
 * stores and changes nothing (no samples, no status, no faults), so it asks the server safely before the
 * simulator posts a day of samples for a system that does not exist.
 */
export type PostBatch = (sn: string, batch: { samples: [] }) => Promise<{ code: number }>;

export async function unknownSystems(sns: readonly string[], post: PostBatch, parallel = 8): Promise<string[]> {
  const unknown: string[] = [];
  for (let i = 0; i < sns.length; i += parallel) {
    const slice = sns.slice(i, i + parallel);
    const answers = await Promise.all(slice.map((sn) => post(sn, { samples: [] })));
    answers.forEach((answer, j) => {
      if (answer.code !== 200) unknown.push(slice[j]!);
    });
  }
  return unknown;
}

/** The message the CLI refuses with: which systems are missing and what to do instead. */
export function unknownSystemsMessage(unknown: readonly string[], existing: number, url: string): string {
  const shown = unknown.length > 5 ? `${unknown.slice(0, 5).join(', ')} … (${unknown.length} in all)` : unknown.join(', ');
  return [
    `${url} has no system (or another device key) for ${shown}; nothing was posted.`,
    existing > 0
      ? `Pass --systems ${existing} or fewer (the demo systems there), or seed a larger demo fleet first.`
      : 'Seed the demo there first (npm start seeds it), and check DEMO_PASSWORD, from which the device keys derive.',
  ].join('\n');
}
