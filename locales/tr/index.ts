/**
 * The language's dictionaries in the order they are laid over each other, and the site files of its
 * sites, as one module: the page's first script then names one loader per language.
 */
import common from './common';
import contact from './contact';
import cancellation from './cancellation';
import tr from '../sites/tr';

export const sites = { tr };

export default [common, contact, cancellation];
