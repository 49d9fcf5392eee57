/**
 * The language's dictionaries in the order they are laid over each other, as one module: the page's
 * first script then names one loader per language.
 */
import common from './common';
import contact from './contact';

export default [common, contact];
