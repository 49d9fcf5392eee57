/**
 * Whether a reload of the page would lose nothing the visitor entered is asked with a synchronous,
 * cancelable window event (`inputKept`, src/app/support/chunk-failure-reload.ts; no code is shared by
 * the chunks that ask and answer, so no chunk is added to the first script's list): the contact form's
 * draft logic, while it keeps the form's input (its store loaded, the stored draft restored), answers
 * it by saving what the form shows, in the same call, and cancelling the event; it marks the event
 * `answered` either way. Without an answer (no form, or its draft logic or store missing) the asker
 * may turn to the page's boot guard, which keeps the form's texts itself.
 */
export const KEEP_INPUT_EVENT = 'support:keep-input';

/** Answers the question while `kept` says yes; answers the function that stops answering. */
export function keepInput(kept: () => boolean, target: EventTarget = window): () => void {
  const answer = (event: Event) => {
    (event as Event & { answered?: boolean }).answered = true;
    if (kept()) event.preventDefault();
  };
  target.addEventListener(KEEP_INPUT_EVENT, answer);
  return () => target.removeEventListener(KEEP_INPUT_EVENT, answer);
}
