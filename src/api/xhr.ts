import { assertNotCancelled, parseBody, RequestError, type RawRequest, type RawResponse } from './transport';

/** Bytes moved so far and the whole size, when the browser knows it. */
export type ProgressListener = (loaded: number, total: number | undefined) => void;

export interface XhrOptions {
  /** 'blob' for a file (downloads); otherwise the answer's text, parsed as JSON when it is JSON. */
  responseType?: 'text' | 'blob';
  onUploadProgress?: ProgressListener;
  onDownloadProgress?: ProgressListener;
}

function listener(report: ProgressListener) {
  return (event: ProgressEvent) => report(event.loaded, event.lengthComputable && event.total > 0 ? event.total : undefined);
}

/**
 * The XMLHttpRequest transport, for the calls that report progress (fetch reports no upload progress). An object
 * with a method so that a test can stand in for it: jsdom's XMLHttpRequest cannot hand a multipart body to MSW.
 */
export const xhr = {
  send(request: RawRequest, options: XhrOptions = {}): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      assertNotCancelled(request.signal);
      const call = new XMLHttpRequest();
      const cancel = () => call.abort();
      const settle = () => request.signal?.removeEventListener('abort', cancel);
      call.open(request.method, request.url);
      for (const [name, value] of Object.entries(request.headers)) call.setRequestHeader(name, value);
      call.timeout = request.timeout;
      call.responseType = options.responseType ?? 'text';
      // Listening on `upload` before send: browsers report upload progress only then.
      if (options.onUploadProgress) call.upload.addEventListener('progress', listener(options.onUploadProgress));
      if (options.onDownloadProgress) call.addEventListener('progress', listener(options.onDownloadProgress));
      call.addEventListener('load', () => {
        settle();
        resolve({
          status: call.status,
          header: (name) => call.getResponseHeader(name),
          body: call.responseType === 'blob' ? (call.response as Blob) : parseBody(call.responseText),
        });
      });
      const fail = (failure: 'timeout' | 'cancelled' | 'network') => () => {
        settle();
        reject(new RequestError(failure));
      };
      call.addEventListener('timeout', fail('timeout'));
      call.addEventListener('abort', fail('cancelled'));
      call.addEventListener('error', fail('network'));
      request.signal?.addEventListener('abort', cancel, { once: true });
      call.send(request.body ?? null);
    });
  },
};
