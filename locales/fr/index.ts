/**
 * The language's dictionaries in the order they are laid over each other, and the site files of its
 * sites, as one module: the page's first script then names one loader per language.
 */
import common from './common';
import contact from './contact';
import cancellation from './cancellation';
import ch_fr from '../sites/ch_fr';

export const sites = { ch_fr };

export default [common, contact, cancellation];
