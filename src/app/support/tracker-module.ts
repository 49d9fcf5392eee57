/**
 * What the support pages import of the tracking library, as one chunk loaded after the first render:
 * the library's install and client, and the environment rule for the page's host.
 */
export { createClient, install } from '../tracker';
export { environmentFromHost } from '../../domain/tracking/environment';
