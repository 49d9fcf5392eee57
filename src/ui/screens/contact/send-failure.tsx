import { useTexts } from '../../hooks/use-texts';
import { fillNodes } from './fill-nodes';

/** The send-failure text with the site's alternative e-mail address and toll-free phone number as links. */
export function SendFailure() {
  const { t } = useTexts();
  const email = t('site.alternativeEmail');
  const phone = t('site.tollFreePhone');
  return (
    <div className="send-failure" role="alert">
      <p>
        {fillNodes(t, 'contact.failure.text', {
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
