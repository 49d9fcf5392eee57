import type { AffiliateTracker } from '../../ports/affiliate-tracker';

export interface MemoryAffiliateTrackerOptions {
  /** The script fails to load with this message. */
  readonly loadError?: string;
  /** The track function throws this message. */
  readonly trackError?: string;
}

/** An AffiliateTracker without a script (tests, benchmark): records the loads and the tracked payloads. */
export class MemoryAffiliateTracker implements AffiliateTracker {
  readonly loads: string[] = [];
  readonly tracked: Record<string, unknown>[] = [];
  private loading: Promise<void> | undefined;
  private loaded = false;

  constructor(private readonly options: MemoryAffiliateTrackerOptions = {}) {}

  load(scriptUrl: string): Promise<void> {
    if (this.loading) return this.loading;
    this.loads.push(scriptUrl);
    const { loadError } = this.options;
    this.loading = loadError === undefined ? Promise.resolve() : Promise.reject(new Error(loadError));
    this.loading.then(
      () => {
        this.loaded = true;
      },
      () => {
        // as the real script: a failed load is tried again on the next call
        this.loading = undefined;
      },
    );
    return this.loading;
  }

  track(payload: Record<string, unknown>): void {
    if (!this.loaded) throw new Error('The affiliate tracker is not loaded.');
    if (this.options.trackError !== undefined) throw new Error(this.options.trackError);
    this.tracked.push(payload);
  }
}
