import { useEffect, useRef } from 'react';
import { useTexts } from '../../hooks/use-texts';
import { fillNodes } from '../../components/fill-nodes';
import { EmailLink } from '../../components/email-link';

/** A form's send-failure text (by default the contact form's) with the site's alternative e-mail address and toll-free phone number as links. */
export function SendFailure({ textKey = 'contact.failure.text' }: { textKey?: string }) {
  const { t } = useTexts();
  const box = useRef<HTMLDivElement>(null);
  // It comes above the send button: on a phone it pushed the button, and the text's end (the alternative
  // contacts), off screen. The button right below it, then the text, are scrolled into view (a send made
  // with Enter in a field leaves the focus there, maybe far above). When both do not fit (a phone's
  // keyboard up, large text), the text is shown from its first line, which says the send failed.
  useEffect(() => {
    const failure = box.current;
    failure?.closest('form')?.querySelector<HTMLElement>('button[type="submit"]')?.scrollIntoView?.({ block: 'nearest' });
    failure?.scrollIntoView?.({ block: failure.getBoundingClientRect().top < 0 ? 'start' : 'nearest' });
  }, []);
  const email = t('site.alternativeEmail');
  const phone = t('site.tollFreePhone');
  return (
    <div className="send-failure" role="alert" ref={box}>
      <p>
        {fillNodes(t, textKey, {
          email: <EmailLink email={email} />,
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
