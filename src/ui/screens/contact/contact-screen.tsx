import { useEffect, useState } from 'react';
import type { SiteCode } from '../../../domain/support/sites';
import { useTexts } from '../../hooks/use-texts';
import { ContactForm } from './contact-form';
import { contactLater } from './contact-rules';
import { useContactTracking } from './contact-tracking';
import './contact.css';

/**
 * A send answered after the shopper left the screen within the app (its upload was complete, so
 * leaving did not stop it): the success text waits for their return, instead of an empty form.
 */
let sentUnseen: SiteCode | undefined;

/**
 * The contact screen: the eyebrow KONTAKT, the heading and the contact form; after a successful send
 * the success text. The site's support block and the back-to-shop link belong to the page around it.
 */
export function ContactScreen() {
  // The texts' site, not the store's: while another site's texts load, the form stays the one they describe.
  const { t, site } = useTexts();
  /** The site whose message this screen has seen sent: another site's form starts afresh. */
  const [sentFor, setSentFor] = useState(sentUnseen);
  const sent = sentFor === site || sentUnseen === site;
  useEffect(() => {
    if (sent) {
      sentUnseen = undefined;
      setSentFor(site);
    }
  }, [sent, site]);
  const trackOutcome = useContactTracking();
  // Loaded: a message is sent only by a submit, which waits for the later part.
  const SuccessView = sent ? contactLater()?.SuccessView : undefined;
  return (
    <section className="contact" aria-labelledby="contact-heading">
      <p className="contact-eyebrow">{t('contact.eyebrow')}</p>
      {sent ? (
        SuccessView ? <SuccessView /> : null
      ) : (
        <>
          <h1 className="contact-heading" id="contact-heading">
            {t('contact.heading')}
          </h1>
          <ContactForm
            site={site}
            onSent={() => {
              sentUnseen = site;
              setSentFor(site);
            }}
            onOutcome={trackOutcome}
          />
        </>
      )}
    </section>
  );
}
