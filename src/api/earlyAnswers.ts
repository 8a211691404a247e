import { hashKey, type QueryKey } from '@tanstack/react-query';

/** An answer asked for ahead is handed over only while it is this fresh; after that the screen asks again. */
const FRESH_FOR_MS = 30_000;

/** How long a screen whose code has arrived still waits for its first answers before it renders without them. */
const WAIT_FOR_ANSWERS_MS = 500;

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
 * Asks a screen's first call before the screen has loaded, on a cold start of the page: the
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

/**
 * Whether a query's placeholder is the early answer its own call is about to take (the same answer, not another
 * key's rows kept on screen): nothing is loading that the user should wait for.
 */
export function isEarlyAnswer(queryKey: QueryKey, data: unknown): boolean {
  return data !== undefined && arrivedEarlyAnswer(queryKey) === data;
}

/** The answer asked for ahead under this key (handed over once, and only while fresh), else the call made now. */
export function takeEarlyAnswer<T>(key: QueryKey, call: () => Promise<T>): Promise<T> {
  const entry = freshEntry(key);
  if (!entry || entry.taken) return call();
  entry.taken = true;
  return entry.answer as Promise<T>;
}

/**
 * Settles when `answers` have, or `WAIT_FOR_ANSWERS_MS` after the call, whichever comes first: a screen's loader
 * waits so for its first calls asked ahead, and its first render then shows their answers (placeholder data)
 * instead of rendering the page empty and then again with them, a second long task. A slow
 * server holds the page back no longer than that: the screen then renders as it would have, and shows its
 * loading state until the answers come.
 */
async function untilAnsweredOrShortly(answers: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const shortly = new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_FOR_ANSWERS_MS)));
  await Promise.race([answers, shortly]);
  clearTimeout(timer);
}

/**
 * A screen's loader on a cold start: its code, then its first answers asked for beside it (askEarly) waited for
 * `untilAnsweredOrShortly`. A failed answer is the screen's to report when its query takes it: it does not fail
 * the loader.
 */
export async function codeThenAnswers<Code>(code: Promise<Code>, answers: Promise<unknown> | undefined): Promise<Code> {
  // Handled from the start: an answer failing while the code still loads is no unhandled rejection.
  const settled = answers?.then(
    () => undefined,
    () => undefined,
  );
  const loaded = await code;
  if (settled) await untilAnsweredOrShortly(settled);
  return loaded;
}
