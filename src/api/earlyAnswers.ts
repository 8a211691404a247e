import { hashKey, type QueryKey } from '@tanstack/react-query';

/** An answer asked for ahead is handed over only while it is this fresh; after that the screen asks again. */
const FRESH_FOR_MS = 30_000;

interface EarlyAnswer {
  answer: Promise<unknown>;
  at: number;
  taken: boolean;
  /** Set once the answer has arrived (a success). */
  arrived?: { value: unknown };
}

const asked = new Map<string, EarlyAnswer>();

function freshEntry(key: QueryKey) {
  const entry = asked.get(hashKey(key));
  return entry && Date.now() - entry.at < FRESH_FOR_MS ? entry : undefined;
}

/**
 * Asks a screen's first call before the screen has loaded, on a cold start of the page (issue 11, point 4): the
 * request runs beside the screen's code instead of after it. The screen's query takes the answer with
 * `takeEarlyAnswer` under the same key. Asking again for a key while its answer is fresh asks the server once.
 */
export function askEarly<T>(key: QueryKey, call: () => Promise<T>): Promise<T> {
  const fresh = freshEntry(key);
  if (fresh) return fresh.answer as Promise<T>;
  const answer = call();
  const entry: EarlyAnswer = { answer, at: Date.now(), taken: false };
  asked.set(hashKey(key), entry);
  // A failure is the screen's to report when it takes the answer; no one may take it.
  answer.then(
    (value) => (entry.arrived = { value }),
    () => undefined,
  );
  return answer;
}

/**
 * The early answer under this key when it has already arrived and is still fresh, without taking it: a query's
 * `placeholderData`, so that the screen's first render shows it (its own call then takes the same answer at
 * once). Without it the screen rendered empty, then again when its query settled a moment later.
 */
export function arrivedEarlyAnswer<T>(key: QueryKey): T | undefined {
  const arrived = freshEntry(key)?.arrived;
  return arrived ? (arrived.value as T) : undefined;
}

/**
 * The options of a query whose first call may have been asked ahead (askEarly): its key, a call that takes the
 * early answer, and that answer once arrived as the placeholder of the first render. `keepPrevious` shows the
 * previous key's data meanwhile instead (another page or search of a list).
 */
export function earlyAnswerQuery<T>(queryKey: QueryKey, call: () => Promise<T>, { keepPrevious = false } = {}) {
  return {
    queryKey,
    queryFn: () => takeEarlyAnswer(queryKey, call),
    placeholderData: (previous: T | undefined) => (keepPrevious ? previous : undefined) ?? arrivedEarlyAnswer<T>(queryKey),
  };
}

/** The answer asked for ahead under this key (handed over once, and only while fresh), else the call made now. */
export function takeEarlyAnswer<T>(key: QueryKey, call: () => Promise<T>): Promise<T> {
  const entry = freshEntry(key);
  if (!entry || entry.taken) return call();
  entry.taken = true;
  return entry.answer as Promise<T>;
}
