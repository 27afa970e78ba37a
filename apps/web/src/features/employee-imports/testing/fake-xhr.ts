import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

/** One upload the screen started: what it sent, and levers to play the network's part. */
export type FakeUpload = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Upload progress events (loaded / total bytes). */
  progress(loaded: number, total: number): void;
  /** Every byte sent: the upload's `load` event. */
  uploaded(): void;
  /** The server's answer. */
  respond(status: number, body: unknown): void;
};

/**
 * A stand-in for XMLHttpRequest (jsdom's would try the network): each `send` is recorded and
 * waits for the test to report progress and answer.
 */
export function installFakeXhr() {
  const uploads: FakeUpload[] = [];
  let notify: (() => void) | null = null;

  class FakeXMLHttpRequest {
    upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const xhr = this;
      uploads.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        progress(loaded, total) {
          xhr.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        },
        uploaded() {
          xhr.upload.onload?.({} as ProgressEvent);
        },
        respond(status, answer) {
          xhr.status = status;
          xhr.responseText = answer === undefined ? '' : JSON.stringify(answer);
          xhr.onload?.();
        },
      });
      notify?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);

  return {
    uploads,
    /** The `index`-th upload (0 for the first), once the screen has sent it. */
    async nextUpload(index: number): Promise<FakeUpload> {
      if (uploads[index]) return uploads[index];
      await new Promise<void>((resolve) => {
        notify = resolve;
      });
      notify = null;
      return uploads[index]!;
    },
  };
}
