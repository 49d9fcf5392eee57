/** No cancellation texts in Turkish: its sites do not offer the cancellation (spec §2: the texts "are empty"). */
export { default } from '../no-cancellation';
