import { http, HttpResponse } from 'msw';

/** Every test's default: no public notices on the login page (a test may answer some with server.use). */
export const messageHandlers = [
  http.post('/api/Message/QueryMsgNotice', () => HttpResponse.json({ code: 200, data: [], info: 'Success' })),
];
