/** What dashboard-mix.ts and its server process (dashboard-mix-server.ts) tell each other. */
export interface MixRequest {
  path: string;
  body?: unknown;
  /** The access token of the user making it. */
  token: string;
}

export interface ReferenceOrder {
  seconds: number;
  concurrency: number;
}

export type MixServerMessage =
  | { type: 'ready'; origin: string; requests: MixRequest[]; statements: number }
  | { type: 'reference'; requests: number; errors: number; seconds: number }
  | { type: 'error'; error: string };
