/** No cancellation texts in Slovak: its sites do not offer the cancellation (spec §2: the texts "are empty"). */
export { default } from '../no-cancellation';
