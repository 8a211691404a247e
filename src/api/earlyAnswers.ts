import { hashKey, type QueryKey } from '@tanstack/react-query';

/** An answer asked for ahead is handed over only while it is this fresh; after that the screen asks again. */
const FRESH_FOR_MS = 30_000;

/** How long a screen whose code has arrived still waits for its first answers before it renders without them. */
const WAIT_FOR_ANSWERS_MS = 500;

interface EarlyAnswer {
  answer: Promise<unknown>;
  at: number;
  taken: boolean;
  /** Set once the answer has arrived (a success), with when. */
  arrived?: { value: unknown; at: number };
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
    (value) => (entry.arrived = { value, at: Date.now() }),
    () => undefined,
  );
  return answer;
}

/**
 * The early answer under this key when it has already arrived and is still fresh, without taking it: a query's
 * initial data (earlyAnswerQuery), so that the screen's first render shows it. Without it the screen rendered
 * empty, then again when its query settled a moment later.
 */
export function arrivedEarlyAnswer<T>(key: QueryKey): T | undefined {
  const arrived = freshEntry(key)?.arrived;
  return arrived ? (arrived.value as T) : undefined;
}

/**
 * The options of a query whose first call may have been asked ahead (askEarly): its key, a call that takes the
 * early answer, and that answer once arrived as the query's initial data (from when it arrived), so that the
 * screen's first render shows it. As a placeholder it was shown as a placeholder: a list drew its rows blurred
 * under a spinner until its query had taken the same answer a moment later, then restyled every row in a second
 * long task (issue 11, point 4). `keepPrevious` shows the previous key's data while another key loads (another
 * page or search of a list).
 */
export function earlyAnswerQuery<T>(queryKey: QueryKey, call: () => Promise<T>, { keepPrevious = false } = {}) {
  return {
    queryKey,
    queryFn: () => takeEarlyAnswer(queryKey, call),
    initialData: () => arrivedEarlyAnswer<T>(queryKey),
    initialDataUpdatedAt: () => freshEntry(queryKey)?.arrived?.at,
    ...(keepPrevious ? { placeholderData: (previous: T | undefined) => previous } : {}),
  };
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
 * instead of rendering the page empty and then again with them, a second long task (issue 11, point 4). A slow
 * server holds the page back no longer than that: the screen then renders as it would have, and shows its
 * loading state until the answers come.
 */
export async function untilAnsweredOrShortly(answers: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const shortly = new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_FOR_ANSWERS_MS)));
  await Promise.race([
    answers.then(
      () => undefined,
      () => undefined,
    ),
    shortly,
  ]);
  clearTimeout(timer);
}
