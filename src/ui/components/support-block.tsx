import { Fragment, useId } from 'react';
import { useTexts } from '../hooks/use-texts';
import { EmailLink } from './email-link';

const lines = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');

/**
 * The customer-support block of the site (support spec §2 and §9): a title, the postal address (or
 * the e-mail address where the site has none), the phone and toll-free numbers, the opening hours
 * where the spec names them, and on the Hungarian site the callback service. A complementary
 * landmark: place it beside `main`.
 */
export function SupportBlock() {
  const { t, has } = useTexts();
  const titleId = useId();
  const address = lines(t('site.postalAddress'));
  const email = t('site.email');
  // Spec §9 names the hours of Austria, Switzerland, Czechia and Slovakia; the other sites show none.
  const hours = lines(t('site.openingHours'));
  return (
    <aside className="support-block" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('supportBlock.title')}</h2>
      <p>{t('supportBlock.intro')}</p>
      <dl>
        {address.length > 0 ? (
          <div>
            <dt>{t('supportBlock.addressLabel')}</dt>
            <dd>
              <address>
                {address.map((line, i) => (
                  <Fragment key={i}>
                    {i > 0 ? <br /> : null}
                    {line}
                  </Fragment>
                ))}
              </address>
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t('supportBlock.emailLabel')}</dt>
            <dd>
              <EmailLink email={email} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('supportBlock.phoneLabel')}</dt>
          <dd>
            <a href={`tel:${t('site.phoneLink')}`}>{t('site.phone')}</a>
          </dd>
        </div>
        <div>
          <dt>{t('supportBlock.tollFreeLabel')}</dt>
          <dd>
            <a href={`tel:${t('site.tollFreeLink')}`}>{t('site.tollFreePhone')}</a>
          </dd>
        </div>
        {hours.length > 0 ? (
          <div>
            <dt>{t('supportBlock.hoursLabel')}</dt>
            <dd>
              <ul className="opening-hours">
                {hours.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      {has('site.callbackUrl') && has('site.callbackLabel') ? (
        <p className="callback">
          <a href={t('site.callbackUrl')}>{t('site.callbackLabel')}</a>
        </p>
      ) : null}
    </aside>
  );
}
