import { useEffect, useRef } from 'react';

/**
 * The failure a send meets when part of the page could not be loaded: the page must be reloaded first.
 * Shown above the send button, it is scrolled into view (on a phone it came off screen). Its own
 * effect, not one shared with `SendFailure`: that one is in the form's later chunk, and a hook both
 * import would sit in the first script (the contact route's budget had no room for it).
 */
export function ReloadHint({ text }: { text: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div className="send-failure" role="alert" ref={box}>
      <p>{text}</p>
    </div>
  );
}
