import type { ResourceDeclaration } from '../../resources/types';

/**
 * `resources/index` with fixture declarations listed beside the shipped ones, for `vi.mock` (it stands for the
 * one line a developer adds to RESOURCES for a new entity). Imports nothing but types: the mock's factory runs
 * while resources/index is being loaded.
 *
 * `vi.mock('../../../resources/index', async (original) => (await import('../declarations')).withDeclarations(original, (await import('./fixture-resource')).fixtureWidgets));`
 */
export async function withDeclarations(importOriginal: <T>() => Promise<T>, ...declarations: ResourceDeclaration[]) {
  const shipped = await importOriginal<typeof import('../../resources/index')>();
  return { ...shipped, RESOURCES: [...shipped.RESOURCES, ...declarations] };
}
