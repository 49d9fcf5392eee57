/**
 * The language's dictionaries in the order they are laid over each other, and the site files of its
 * sites, as one module: the page's first script then names one loader per language.
 */
import common from './common';
import contact from './contact';
import cancellation from './cancellation';
import de from '../sites/de';
import at from '../sites/at';
import ch from '../sites/ch';

export const sites = { de, at, ch };

export default [common, contact, cancellation];
