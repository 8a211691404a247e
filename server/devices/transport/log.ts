/** The part of the server's logger (pino, app.log) the transport writes to. */
export interface TransportLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
