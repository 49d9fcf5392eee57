/** The shape of a site's own file: its contact data, and the texts in which it differs from its language. */
import type { CommonTexts } from '../de/common';

export interface SiteFields {
  /** The shop's name in the page header (PLACEHOLDER on every site: the spec names no shop). */
  shopName: string;
  /** Where the back-to-shop link goes. */
  shopUrl: string;
  /** Lines separated by '\n'; '' when the support block shows the e-mail address instead. */
  postalAddress: string;
  email: string;
  /** Named in the send-failure text. */
  alternativeEmail: string;
  /** As shown, and as dialled (`tel:`). */
  phone: string;
  phoneLink: string;
  /** Named in the send-failure text. */
  tollFreePhone: string;
  tollFreeLink: string;
  /** Lines separated by '\n'; '' where spec §9 shows none (de, pl, hu, tr). */
  openingHours: string;
  /** Hungary: the callback service. */
  callbackUrl?: string;
  callbackLabel?: string;
}

export type SiteTexts = { site: SiteFields } & { [K in keyof CommonTexts]?: Partial<CommonTexts[K]> } & {
  contact?: Record<string, unknown>;
};
