import { useTexts } from '../hooks/use-texts';
import { fillNodes } from './fill-nodes';

/** The sentence that links the shop's privacy notice, under a form that asks for personal data. */
export function PrivacyNote() {
  const { t } = useTexts();
  return (
    <p className="privacy-note">
      {fillNodes(t, 'contact.privacy.text', {
        link: <a href={t('contact.privacy.href')}>{t('contact.privacy.link')}</a>,
      })}
    </p>
  );
}
