// Adaptive sending per model endpoint (additive increase, multiplicative decrease, as TCP, but on the send
// rate): providers limit requests per window (a second, a minute), so that is what adapts. A 429 caps the
// rate at 85% of what was sent in the last window; every window without a 429 raises the cap by
// a tenth, until the next 429 or until no cap is left. Calls in flight stay within the worker's limit
// (SMI_LLM_CONCURRENCY). A set of models then runs at what each provider allows, with no hand-tuned
// concurrency, and a rate-limited model holds back no other. A model configured with a rate (an evaluation
// set's `requests_per_second`) is never sent more than that, per worker process: the cap starts there and
// grows back to it, not past it.

/** What a 429 leaves of the last window's sending rate. */
const DECREASE = 0.85;
/** How much a window without a 429 raises the cap. */
const INCREASE = 1.1;

export interface AdaptiveLimitOptions {
  /** The most calls in flight (the worker's SMI_LLM_CONCURRENCY). */
  max: number;
  /** Sends per window never exceeded, whatever the adapting says (a model's configured requests per second). */
  ceiling?: number | null;
  /** The provider's window as far as we know it: one decrease per window, one increase per healthy window. */
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class AdaptiveLimit {
  /** Sends per window allowed; Infinity: no cap (no 429 seen, or grown out of it). */
  private cap = Number.POSITIVE_INFINITY;
  private inFlight = 0;
  private nextSend = Number.NEGATIVE_INFINITY;
  private lastDecrease = Number.NEGATIVE_INFINITY;
  private lastIncrease = Number.NEGATIVE_INFINITY;
  private readonly sent: number[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly max: number;
  private ceiling = Number.POSITIVE_INFINITY;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: AdaptiveLimitOptions) {
    this.max = Math.max(1, options.max);
    this.windowMs = options.windowMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.setCeiling(options.ceiling ?? null);
  }

  /**
   * The configured rate (sends per window), or null for none: the cap never goes above it. The latest word
   * holds (runs of one model carry the same setting).
   */
  setCeiling(ceiling: number | null): void {
    const next = ceiling !== null && ceiling > 0 ? ceiling : Number.POSITIVE_INFINITY;
    if (next === this.ceiling) return;
    this.ceiling = next;
    this.cap = Math.min(this.cap, next);
  }

  /** Sends per window allowed now (Infinity: uncapped). */
  get rate(): number {
    return this.cap;
  }

  get running(): number {
    return this.inFlight;
  }

  /** Waits for a place among the calls in flight and for the next send slot; the result gives the place back. */
  async acquire(): Promise<() => void> {
    while (this.inFlight >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight += 1;
    if (Number.isFinite(this.cap)) {
      const slot = Math.max(this.now(), this.nextSend);
      this.nextSend = slot + this.windowMs / this.cap;
      const wait = slot - this.now();
      if (wait > 0) await this.sleep(wait);
    }
    this.sent.push(this.now());
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      this.waiting.shift()?.();
    };
  }

  answered(): void {
    const now = this.now();
    if (!Number.isFinite(this.cap)) return;
    if (now - Math.max(this.lastDecrease, this.lastIncrease) < this.windowMs) return;
    if (this.cap >= this.ceiling) return; // at the configured rate: nothing to grow back to
    this.lastIncrease = now;
    this.cap = Math.min(this.ceiling, this.cap * INCREASE);
    // Grown well past what this worker can send at all: no cap is needed any more.
    if (this.cap > this.sentInWindow(now) * 4 && this.cap > this.max * 4) this.cap = this.ceiling;
  }

  rateLimited(): void {
    const now = this.now();
    if (now - this.lastDecrease < this.windowMs) return;
    this.lastDecrease = now;
    // A late 429 (nothing sent in the window since) says only that the cap was too high.
    const sent = this.sentInWindow(now);
    const lowered = Math.max(1, (sent > 0 ? Math.min(this.cap, sent) : this.cap) * DECREASE);
    this.cap = Math.min(this.ceiling, lowered);
  }

  private sentInWindow(now: number): number {
    while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
    return this.sent.length;
  }
}

/** One limit per endpoint and model in this process. */
export class AdaptiveLimits {
  private readonly limits = new Map<string, AdaptiveLimit>();
  constructor(private readonly options: AdaptiveLimitOptions) {}

  /** The model's limit; `requestsPerSecond`: its configured rate (one second is the window), if any. */
  for(baseUrl: string, model: string, requestsPerSecond: number | null = null): AdaptiveLimit {
    const key = `${baseUrl}\n${model}`;
    let limit = this.limits.get(key);
    if (!limit) this.limits.set(key, (limit = new AdaptiveLimit(this.options)));
    limit.setCeiling(
      requestsPerSecond === null ? null : (requestsPerSecond * (this.options.windowMs ?? 1000)) / 1000,
    );
    return limit;
  }
}
