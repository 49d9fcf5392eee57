/** The six push methods and the message kind each one carries (spec §3 Message event kinds). */
import type { TrackedKind } from '../../domain/tracking/deliveries';
import type { PushMethods } from '../tracker-types';

export type PushMethod = keyof PushMethods;

/** The message kind of each push method, in a fixed order (a ticket carries its method's index). */
export const KIND_OF: Readonly<Record<PushMethod, TrackedKind>> = {
  pushInitialPageData: 'InitialPageData',
  pushEcommerceEvent: 'EcommerceEventData',
  pushCustomEvent: 'CustomEventData',
  pushItemListData: 'ItemListData',
  pushProductSourceEvent: 'ProductSourceEventData',
  pushLeadData: 'LeadData',
};

/** The push methods in that order. */
export const PUSH_METHODS = Object.keys(KIND_OF) as readonly PushMethod[];
