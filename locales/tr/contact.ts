/** The contact screen's texts in Turkish (tr). Placeholders as in `locales/de/contact.ts`. */
export default {
  contact: {
    title: 'İletişim',
    errorTitle: 'Hata: {{title}}',
    errorLabel: 'Hata:',
    eyebrow: 'İLETİŞİM',
    heading: 'Size nasıl yardımcı olabiliriz?',
    optional: '(isteğe bağlı)',
    /** Under a long text near its limit (from 90 %): how many characters are left, or over. */
    characterCount: { left: 'Kalan karakter sayısı: {{count}}', over: 'Fazla karakter sayısı: {{count}}' },
    question: {
      label: 'Sorunuz',
      hint: 'Siz yazarken sorunuza uygun cevaplar öneriyoruz.',
    },
    topic: {
      label: 'Konu',
      placeholder: 'Lütfen bir konu seçin',
      options: {
        order: 'Sipariş',
        delivery: 'Teslimat',
        payment: 'Ödeme ve fatura',
        voucher: 'Hediye çeki',
        loyaltyCard: 'Müşteri kartı',
        reclaim: 'Şikâyet',
        returnDelivery: 'İade',
        account: 'Müşteri hesabı',
        product: 'Ürün',
        feedback: 'Görüş ve öneriler',
        accessibility: 'Erişilebilirlik',
      },
    },
    articleNumber: {
      label: 'Ürün numarası',
      hint: 'Ürün sayfasında ve faturanızda bulabilirsiniz.',
    },
    firstName: { label: 'Ad' },
    lastName: { label: 'Soyad' },
    email: {
      label: 'E-posta adresi',
      hint: 'Cevabımızı bu adrese göndereceğiz.',
    },
    attachments: {
      label: 'Ekler',
      hint: 'pdf, png, jpg, jpeg veya jfif biçiminde en fazla {{maxFiles}} dosya; her biri en fazla {{maxMb}} MB.',
      choose: 'Dosya seç',
      listLabel: 'Seçilen dosyalar',
      removeShort: 'Kaldır',
      remove: '{{name}} dosyasını kaldır',
      added: 'Eklendi: {{name}}.',
      removed: '{{name}} kaldırıldı.',
      refused: '“{{name}}” eklenmedi: {{reason}}',
      fileError: '“{{name}}”: {{reason}}',
      /** How the reason after `refused` / `fileError`'s colon starts: 'lower' or 'keep'. A sentence after a colon starts with a capital (TDK). */
      reasonCase: 'keep',
    },
    legalConsent: {
      label: 'Kişisel Verilerin İşlenmesine İlişkin Aydınlatma Metni’ni okudum ve onaylıyorum.',
      // Only the Turkish site asks for the confirmation, so only it has the notice's link.
      notice: {
        text: 'Lütfen onaylamadan önce {{link}} okuyun.',
        link: 'Kişisel Verilerin İşlenmesine İlişkin Aydınlatma Metni’ni',
        // PLACEHOLDER: the shop's notice page; the spec does not give its address.
        href: '/kvkk-aydinlatma-metni',
      },
    },
    privacy: {
      text: 'Kişisel verilerinizi nasıl işlediğimizi {{link}} okuyabilirsiniz.',
      link: 'Gizlilik Politikamızda',
      // PLACEHOLDER: the shop's privacy page; the spec does not give its address.
      href: '/gizlilik-politikasi',
    },
    submit: 'Soruyu gönder',
    sending: 'Mesajınız gönderiliyor…',
    progress: {
      label: 'Gönderim durumu',
      status: 'Mesajınız gönderiliyor: %{{percent}}',
    },
    invalidForm: 'Lütfen kırmızı ile işaretlenmiş alanları kontrol edin.',
    draftRestored: 'Henüz göndermediğiniz bilgileri geri yükledik.',
    draftFilesLost: 'Bu ekleri geri yükleyemedik, lütfen yeniden ekleyin: {{files}}.',
    draftFileLost: 'Bu eki geri yükleyemedik, lütfen yeniden ekleyin: {{files}}.',
    draftDiscard: 'Bilgileri sil',
    draftDiscarded: 'Bilgileriniz silindi.',
    success: {
      heading: 'Mesaj gönderildi',
      text: 'Sorunuz müşteri hizmetlerimize iletildi. Teşekkür ederiz.',
    },
    failure: {
      text: 'Bir iletim hatası nedeniyle mesajınız maalesef bize ulaşmadı. Bilgileriniz formda duruyor; lütfen birkaç dakika sonra tekrar deneyin. Bize {{email}} adresine e-posta göndererek ya da {{phone}} numaralı ücretsiz hattımızı arayarak da ulaşabilirsiniz.',
    },
    errors: {
      required: 'Zorunlu alan: Lütfen bu alanı doldurun.',
      invalid: 'Lütfen bu bilgiyi kontrol edin.',
      site: { invalid: 'Bu ülke sitesini tanımıyoruz. Lütfen sayfayı yeniden yükleyin.' },
      question: {
        required: 'Zorunlu alan: Lütfen sorunuzu yazın.',
        tooLong: 'Sorunuz en fazla {{max}} karakter olabilir.',
      },
      topic: { required: 'Lütfen bir konu seçin.' },
      articleNumber: {
        required: 'Zorunlu alan: Lütfen ürün numarasını girin.',
        tooLong: 'Ürün numarası en fazla {{max}} karakter olabilir.',
      },
      firstName: {
        required: 'Zorunlu alan: Lütfen adınızı girin.',
        tooLong: 'Adınız en fazla {{max}} karakter olabilir.',
      },
      lastName: {
        required: 'Zorunlu alan: Lütfen soyadınızı girin.',
        tooLong: 'Soyadınız en fazla {{max}} karakter olabilir.',
      },
      email: {
        required: 'Zorunlu alan: Lütfen e-posta adresinizi girin.',
        invalid: 'Geçersiz e-posta adresi.',
        tooLong: 'E-posta adresiniz en fazla {{max}} karakter olabilir.',
      },
      legalConsent: { required: 'Lütfen Aydınlatma Metni’ni okuyup onaylayın.' },
      attachments: {
        tooMany: 'En fazla {{maxFiles}} dosya ekleyebilirsiniz.',
        tooLarge: 'Bir dosya en fazla {{maxMb}} MB olabilir.',
        wrongType: 'Lütfen jpg, png veya pdf biçiminde bir dosya seçin.',
        content: 'Dosyanın içeriği JPG, PNG veya PDF değil, adı öyle görünse de (örneğin HEIC biçiminde bir fotoğraf). Lütfen dosyayı JPG veya PDF olarak kaydedip yeniden seçin.',
        empty: 'Dosya boş.',
        unreadable: 'Dosya artık okunamıyor: Seçildikten sonra değiştirilmiş, taşınmış veya silinmiş. Lütfen dosyayı kaldırıp yeniden seçin.',
        duplicate: 'Bu dosya zaten eklendi.',
      },
    },
  },
};
