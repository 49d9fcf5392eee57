/** No cancellation texts in Polish: its sites do not offer the cancellation (spec §2: the texts "are empty"). */
export { default } from '../no-cancellation';
