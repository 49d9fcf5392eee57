/** The touch point and the remote log service of a shop that configured them (they have no default). */
export const SHOP_ENDPOINTS = {
  exactagTouchPoint: 'https://touchpoint.shop.test/tp',
  remoteLogger: 'https://logs.shop.test/api/v1/actions',
} as const;
