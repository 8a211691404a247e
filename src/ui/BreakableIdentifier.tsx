import { Fragment } from 'react';
import './BreakableIdentifier.css';

/**
 * Where an identifier may wrap: a path after each '/', a key between a lower-case letter or digit and an upper-case
 * one, an e-mail address before its '@' (the name above, the domain below).
 */
const BREAKS = {
  path: /(?<=\/)/,
  key: /(?<=[a-z0-9])(?=[A-Z])/,
  email: /(?=@)/,
} as const;

/**
 * A key ('CommunicationDataManagement'), path ('/BasicSettings/langTransManagement') or e-mail address that may wrap
 * between its parts and nowhere else, so a narrow column breaks it there instead of widening the table (menu and
 * user management at 1366 px in German) or splitting it at any letter, as `overflow-wrap: anywhere` would.
 */
export function BreakableIdentifier({ text, kind }: { text: string; kind: keyof typeof BREAKS }) {
  // One element around the parts: in a flex container (a phone card's value) they stay one line of text.
  return (
    <span>
      {text.split(BREAKS[kind]).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="identifier-part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
