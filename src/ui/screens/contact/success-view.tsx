import { useEffect, useRef } from 'react';
import { useTexts } from '../../hooks/use-texts';
import { usePageTitle } from './page-title';

/** What the visitor sees once the message is stored; its heading takes focus and names the page. */
export function SuccessView() {
  const { t } = useTexts();
  const title = t('contact.success.heading');
  usePageTitle(t('common.documentTitle', { page: title, shopName: t('site.shopName') }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="contact-success">
      <h1 className="contact-heading" id="contact-heading" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p className="contact-success-text">{t('contact.success.text')}</p>
    </div>
  );
}
