// A WebSocket stand-in for unit tests (stubbed as the global WebSocket):
// records what the page sends, and lets a test open, drop and feed it.
export class FakeSocket {
  static all: FakeSocket[] = [];
  static OPEN = 1;
  static CONNECTING = 0;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  static latest(): FakeSocket {
    return FakeSocket.all[FakeSocket.all.length - 1];
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  // A frame from the server.
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  // What was sent, parsed.
  frames(): Record<string, unknown>[] {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  }
}
