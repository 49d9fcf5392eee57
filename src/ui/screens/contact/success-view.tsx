import { useEffect, useRef } from 'react';
import { useTexts } from '../../hooks/use-texts';

/** What the visitor sees once the message is stored; its heading takes focus. */
export function SuccessView() {
  const { t } = useTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="contact-success">
      <h1 className="contact-heading" id="contact-heading" tabIndex={-1} ref={heading}>
        {t('contact.success.heading')}
      </h1>
      <p className="contact-success-text">{t('contact.success.text')}</p>
    </div>
  );
}
