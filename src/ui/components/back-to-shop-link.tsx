import { useTexts } from '../hooks/use-texts';

/** The link back to the site's shop (support spec §2, shared blocks). */
export function BackToShopLink({ className }: { className?: string }) {
  const { t } = useTexts();
  return (
    <a className={className ?? 'back-to-shop'} href={t('site.shopUrl')}>
      <span aria-hidden="true">← </span>
      {t('common.backToShop')}
    </a>
  );
}
