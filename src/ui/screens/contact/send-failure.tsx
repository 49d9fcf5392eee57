import { useEffect, useRef } from 'react';
import { useTexts } from '../../hooks/use-texts';
import { fillNodes } from './fill-nodes';

/** A form's send-failure text (by default the contact form's) with the site's alternative e-mail address and toll-free phone number as links. */
export function SendFailure({ textKey = 'contact.failure.text' }: { textKey?: string }) {
  const { t } = useTexts();
  const box = useRef<HTMLDivElement>(null);
  // It comes above the send button: on a phone it pushed the button, and the text's end (the alternative
  // contacts), off screen. The text, then the button right below it, are scrolled into view (a send made
  // with Enter in a field leaves the focus there, maybe far above).
  useEffect(() => {
    const failure = box.current;
    const button = failure?.closest('form')?.querySelector<HTMLElement>('button[type="submit"]');
    for (const shown of [failure, button]) shown?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const email = t('site.alternativeEmail');
  const phone = t('site.tollFreePhone');
  return (
    <div className="send-failure" role="alert" ref={box}>
      <p>
        {fillNodes(t, textKey, {
          email: <a href={`mailto:${email}`}>{email}</a>,
          phone: (
            <a className="nowrap" href={`tel:${t('site.tollFreeLink')}`}>
              {phone}
            </a>
          ),
        })}
      </p>
    </div>
  );
}
