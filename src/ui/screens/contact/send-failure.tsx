import { useEffect } from 'react';
import { useTexts } from '../../hooks/use-texts';
import { fillNodes } from './fill-nodes';

/** A form's send-failure text (by default the contact form's) with the site's alternative e-mail address and toll-free phone number as links. */
export function SendFailure({ textKey = 'contact.failure.text' }: { textKey?: string }) {
  const { t } = useTexts();
  // It comes above the send button, which keeps the focus: on a phone the button, and the text's end
  // (the alternative contacts) above it, would be pushed off screen. A block: newer browsers answer
  // scrollIntoView with a promise, which React would take for the effect's clean-up.
  useEffect(() => {
    (document.activeElement as HTMLElement | null)?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const email = t('site.alternativeEmail');
  const phone = t('site.tollFreePhone');
  return (
    <div className="send-failure" role="alert">
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
