import sax, { type SAXOptions, type Tag } from 'sax';
import { FileFormatError } from './errors';

const WRITE_SLICE = 16 * 1024;

export type XmlEvent =
  { kind: 'open'; name: string; attributes: Record<string, string> } | { kind: 'close'; name: string } | { kind: 'text'; text: string };

/**
 * The events of an XML document read from its text chunks, element names without their namespace prefix
 * ('x:row' → 'row'). sax keeps memory bounded where saxes would not: a long text or CDATA comes in pieces
 * of about 64 kB, and a tag, attribute, comment or instruction longer than that is an error. No DTD (a
 * doctype is refused) and no entities but XML's five and character references. Malformed XML throws
 * FileFormatError.
 */
export async function* xmlEvents(chunks: AsyncIterable<string>): AsyncGenerator<XmlEvent> {
  // Position tracking stays on: sax checks its buffer lengths only as its position advances.
  const parser = sax.parser(true, { strictEntities: true } as SAXOptions);
  let pending: XmlEvent[] = [];
  let failure: Error | undefined;
  parser.onopentag = (tag) => pending.push({ kind: 'open', name: localName(tag.name), attributes: (tag as Tag).attributes });
  parser.onclosetag = (name) => pending.push({ kind: 'close', name: localName(name) });
  parser.ontext = (text) => pending.push({ kind: 'text', text });
  parser.oncdata = (text) => pending.push({ kind: 'text', text });
  parser.ondoctype = () => (failure ??= new Error('a DTD is not allowed'));
  parser.onerror = (error) => (failure ??= error);
  const write = (text: string | null) => {
    try {
      if (text === null) parser.close();
      else parser.write(text);
    } catch (error) {
      failure ??= error as Error;
    }
  };
  const drain = function* () {
    if (failure) throw new FileFormatError(`malformed XML: ${failure.message.split('\n')[0]}`);
    const events = pending;
    pending = [];
    yield* events;
  };
  for await (const chunk of chunks) {
    // sax checks its buffers once per write: slices keep them near 64 kB whatever the chunk size (sax
    // reads UTF-16 code units, so a slice may split a surrogate pair).
    for (let start = 0; start < chunk.length && !failure; start += WRITE_SLICE) write(chunk.slice(start, start + WRITE_SLICE));
    yield* drain();
  }
  write(null);
  yield* drain();
}

/** The attribute whatever its prefix ('r:id' for 'id'), for the few OOXML attributes that carry one. */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}
