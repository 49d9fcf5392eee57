/** Turkish texts of the page frame, the error page and the support block. Cancellation: empty (spec §2: the screen is DACH only). */
import type { CommonTexts } from '../de/common';

const common = {
  common: {
    skipLink: 'İçeriğe geç',
    customerService: 'Müşteri Hizmetleri',
    backToShop: 'Mağazaya dön',
    documentTitle: '{{page}} | {{shopName}} Müşteri Hizmetleri',
    footerNote: 'Size yardımcı olmaktan memnuniyet duyarız.',
    copyright: '© {{shopName}}',
    /** Shown when JavaScript is off (the server puts it into the page's <noscript>). */
    noscript: 'İletişim formunu kullanmak için lütfen JavaScript’i etkinleştirin.',
  },
  error: {
    titleLanguage: 'en',
    notFoundTitle: 'Page Not Found',
    notFoundMessage: 'Page not found: {{path}}',
    notFoundDescription: 'Aradığınız sayfa maalesef bulunamadı. Müşteri hizmetlerimize iletişim formumuz aracılığıyla ulaşabilirsiniz.',
    serverTitle: 'Internal Server Error',
    serverDescription: 'Maalesef bir hata oluştu. Lütfen birkaç dakika sonra tekrar deneyin.',
    loadFailedTitle: 'Sayfa tam yüklenemedi',
    loadFailed: 'Sayfanın bir bölümü yüklenemedi. Lütfen bağlantınızı kontrol edip sayfayı yeniden yükleyin.',
    status: 'Durum: {{status}}',
    toContact: 'İletişim formuna git',
  },
  supportBlock: {
    title: 'Müşteri hizmetlerimiz size yardımcı olmaya hazır',
    intro: 'Sorunuz mu var? Bizi arayın ya da bize e-posta gönderin.',
    addressLabel: 'Posta adresi',
    emailLabel: 'E-posta',
    phoneLabel: 'Telefon',
    tollFreeLabel: 'Ücretsiz destek hattı',
    hoursLabel: 'Çalışma saatleri',
  },
} satisfies CommonTexts;

export default common;
