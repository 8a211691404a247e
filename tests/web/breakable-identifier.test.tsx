import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableIdentifier } from '../../src/ui/BreakableIdentifier';

/** Keys, paths and e-mail addresses in lists wrap between their parts, never inside a word. */
describe('BreakableIdentifier', () => {
  /** The parts between the wrapping points, each kept whole. */
  const parts = (container: HTMLElement) =>
    container.firstElementChild!.innerHTML.split('<wbr>').map((part) => {
      expect(part).toMatch(/^<span class="identifier-part">[^<]*<\/span>$/);
      return part.replace(/<[^>]+>/g, '');
    });

  it('lets a path wrap after each slash only', () => {
    const { container } = render(<BreakableIdentifier text="/BasicSettings/langTransManagement" kind="path" />);
    expect(parts(container)).toEqual(['/', 'BasicSettings/', 'langTransManagement']);
    expect(container.textContent).toBe('/BasicSettings/langTransManagement');
  });

  it('lets a key wrap between its words', () => {
    const { container } = render(<BreakableIdentifier text="CommunicationDataManagement2Go" kind="key" />);
    expect(parts(container)).toEqual(['Communication', 'Data', 'Management2', 'Go']);
  });

  it('lets an e-mail address wrap before its @', () => {
    const { container } = render(<BreakableIdentifier text="anna.lindqvist@solar-team.example" kind="email" />);
    expect(parts(container)).toEqual(['anna.lindqvist', '@solar-team.example']);
  });

  it('leaves a one-word identifier whole', () => {
    const { container } = render(<BreakableIdentifier text="userLog" kind="path" />);
    expect(parts(container)).toEqual(['userLog']);
  });
});
