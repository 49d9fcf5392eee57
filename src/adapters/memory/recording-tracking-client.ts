import type { TrackingClient } from '../../ports/tracking-client';

/** A TrackingClient that records every push (method and data) and resolves, or rejects when told to. */
export class RecordingTrackingClient implements TrackingClient {
  readonly pushes: { method: keyof TrackingClient; data: Record<string, unknown> }[] = [];
  constructor(private readonly fail = false) {}
  private record(method: keyof TrackingClient, data: Record<string, unknown>): Promise<void> {
    this.pushes.push({ method, data });
    return this.fail ? Promise.reject(new Error('tracking down')) : Promise.resolve();
  }
  pushInitialPageData = (data: Record<string, unknown>) => this.record('pushInitialPageData', data);
  pushEcommerceEvent = (data: Record<string, unknown>) => this.record('pushEcommerceEvent', data);
  pushCustomEvent = (data: Record<string, unknown>) => this.record('pushCustomEvent', data);
  pushItemListData = (data: Record<string, unknown>) => this.record('pushItemListData', data);
  pushProductSourceEvent = (data: Record<string, unknown>) => this.record('pushProductSourceEvent', data);
  pushLeadData = (data: Record<string, unknown>) => this.record('pushLeadData', data);
}
