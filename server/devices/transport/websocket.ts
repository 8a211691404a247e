import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { MAX_MESSAGE_BYTES } from '../../../contract/device-messages';
import type { TransportLog } from './log';

export const MQTT_WEBSOCKET_PATH = '/mqtt';

/**
 * MQTT over WebSocket at /mqtt on the portal's own HTTP server, for devices that reach the portal only through a
 * proxy on its port. Other upgrade requests are left to whoever else listens, or refused when nobody does.
 * Answers a function that detaches it and closes its connections.
 */
export function attachMqttWebSocket(
  httpServer: HttpServer,
  handle: (stream: Duplex, request: IncomingMessage) => void,
  log: TransportLog,
): () => Promise<void> {
  // One WebSocket message carries one MQTT packet or part of one: the broker refuses bigger messages anyway.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES + 64 * 1024 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://portal').pathname !== MQTT_WEBSOCKET_PATH) {
      if (httpServer.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (webSocket) => {
      const stream = createWebSocketStream(webSocket);
      stream.on('error', (error) => log.info({ error: String(error) }, 'MQTT WebSocket closed with an error'));
      handle(stream, request);
    });
  };
  httpServer.on('upgrade', onUpgrade);
  return () =>
    new Promise((resolve) => {
      httpServer.off('upgrade', onUpgrade);
      for (const client of sockets.clients) client.terminate();
      sockets.close(() => resolve());
    });
}
