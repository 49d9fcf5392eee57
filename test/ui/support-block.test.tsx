import { act, screen, within } from '@testing-library/react';
import { BackToShopLink } from '../../src/ui/components/back-to-shop-link';
import { SupportBlock } from '../../src/ui/components/support-block';
import { renderWithSupport } from './helpers/render-support';

const block = () => screen.getByRole('complementary');
const term = (label: string) => within(block()).getByText(label, { selector: 'dt' });
const valueOf = (label: string) => term(label).nextElementSibling as HTMLElement;

describe('the customer-support block', () => {
  it('shows the German title, postal address, phone and toll-free phone on de, and no opening hours (spec §9: not shown)', () => {
    renderWithSupport(<SupportBlock />, { site: 'de' });
    expect(within(block()).getByRole('heading', { level: 2, name: 'Unser Kundenservice ist für Sie da' })).toBeInTheDocument();
    expect(block()).toHaveAccessibleName('Unser Kundenservice ist für Sie da');
    expect(valueOf('Postanschrift')).toHaveTextContent('KundenservicePostfach 10 02 0020002 Hamburg');
    // One line each, as on an envelope.
    const address = valueOf('Postanschrift').querySelector('address');
    expect(address?.innerHTML.split('<br>')).toEqual(['Kundenservice', 'Postfach 10 02 00', '20002 Hamburg']);
    expect(within(block()).queryByText('E-Mail', { selector: 'dt' })).toBeNull();
    expect(within(valueOf('Telefon')).getByRole('link', { name: '040 3000 3000' })).toHaveAttribute('href', 'tel:+494030003000');
    expect(within(valueOf('Kostenlose Hotline')).getByRole('link', { name: '0800 3000 300' })).toHaveAttribute('href', 'tel:08003000300');
    expect(within(block()).queryByText('Servicezeiten')).toBeNull();
    expect(within(block()).queryByRole('list')).toBeNull();
    expect(within(block()).queryByText('Visszahívást kérek')).toBeNull();
  });

  it('shows the Austrian opening hours (daily 08:00-20:00) and the Vienna address on at', () => {
    renderWithSupport(<SupportBlock />, { site: 'at' });
    expect(within(valueOf('Servicezeiten')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Täglich 08:00–20:00 Uhr']);
    expect(within(block()).getByText('Sie haben Fragen? Rufen Sie uns an oder schreiben Sie uns.')).toBeInTheDocument();
    expect(valueOf('Postanschrift')).toHaveTextContent('1010 Wien');
  });

  it('shows the Swiss opening hours (Mon-Fri 08:00-20:00, Sat 08:00-16:00) in Swiss spelling on ch', () => {
    renderWithSupport(<SupportBlock />, { site: 'ch' });
    expect(within(valueOf('Servicezeiten')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Mo–Fr 08:00–20:00 Uhr',
      'Sa 08:00–16:00 Uhr',
    ]);
    expect(within(block()).getByRole('heading', { name: 'Unser Kundenservice ist für Sie da' })).toBeInTheDocument();
    expect(valueOf('Postanschrift')).toHaveTextContent('8010 Zürich');
    expect(block().textContent).not.toContain('ß');
  });

  it('speaks French on ch_fr, with the Swiss opening hours', () => {
    renderWithSupport(<SupportBlock />, { site: 'ch_fr' });
    expect(within(block()).getByRole('heading', { name: 'Notre service client est là pour vous' })).toBeInTheDocument();
    expect(valueOf('Adresse postale')).toHaveTextContent('1001 Lausanne');
    expect(within(valueOf('Heures d’ouverture')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Du lundi au vendredi, 08h00–\u206020h00',
      'Le samedi, 08h00–\u206016h00',
    ]);
  });

  it('shows the e-mail address and the callback-service link on hu', () => {
    renderWithSupport(<SupportBlock />, { site: 'hu' });
    expect(within(block()).getByRole('heading', { name: 'Ügyfélszolgálatunk az Ön rendelkezésére áll' })).toBeInTheDocument();
    expect(within(valueOf('E-mail')).getByRole('link', { name: 'ugyfelszolgalat@kaffeeshop.hu' })).toHaveAttribute(
      'href',
      'mailto:ugyfelszolgalat@kaffeeshop.hu',
    );
    expect(within(block()).getByRole('link', { name: 'Visszahívást kérek' })).toHaveAttribute(
      'href',
      'https://www.kaffeeshop.hu/visszahivas',
    );
    // Both numbers in the national format; "zöldszám" says toll-free on its own.
    expect(within(valueOf('Telefon')).getByRole('link', { name: '06 1 300 3000' })).toHaveAttribute('href', 'tel:+3613003000');
    expect(valueOf('Zöldszám')).toHaveTextContent('06 80 300 300');
  });

  it('shows the e-mail address, in Turkish, without a callback link on tr', () => {
    renderWithSupport(<SupportBlock />, { site: 'tr' });
    expect(within(block()).getByRole('heading', { name: 'Müşteri hizmetlerimiz size yardımcı olmaya hazır' })).toBeInTheDocument();
    expect(within(valueOf('E-posta')).getByRole('link', { name: 'musterihizmetleri@kaffeeshop.com.tr' })).toBeInTheDocument();
    expect(within(valueOf('Telefon')).getByRole('link', { name: '0850 300 30 30' })).toHaveAttribute('href', 'tel:+908503003030');
    expect(within(block()).queryAllByRole('link').map((a) => a.getAttribute('href'))).not.toContain(
      'https://www.kaffeeshop.hu/visszahivas',
    );
  });

  it.each([
    ['cz', 'Provozní doba', 'Po–Pá 8:00–18:00'],
    ['sk', 'Prevádzková doba', 'Po–Pi 8:00–18:00'],
  ] as const)('shows the opening hours of spec §9 on %s', (site, label, hours) => {
    renderWithSupport(<SupportBlock />, { site });
    expect(valueOf(label)).toHaveTextContent(hours);
  });

  it.each(['pl', 'hu', 'tr'] as const)('shows no opening hours on %s (spec §9: not shown)', (site) => {
    renderWithSupport(<SupportBlock />, { site });
    expect(within(block()).getAllByRole('term')).toHaveLength(3);
    expect(within(block()).queryByRole('list')).toBeNull();
  });

  it('follows the store when the site changes', async () => {
    const { siteStore, texts } = renderWithSupport(<SupportBlock />, { site: 'de' });
    act(() => siteStore.set('tr'));
    expect(await screen.findByRole('heading', { name: 'Müşteri hizmetlerimiz size yardımcı olmaya hazır' })).toBeInTheDocument();
    expect(texts.loads).toContain('tr');
  });
});

describe('the back-to-shop link', () => {
  it.each([
    ['de', 'Zurück zum Shop', 'https://www.kaffeeshop.de/'],
    ['ch_fr', 'Retour à la boutique', 'https://fr.kaffeeshop.ch/'],
    ['tr', 'Mağazaya dön', 'https://www.kaffeeshop.com.tr/'],
    ['hu', 'Vissza a webáruházba', 'https://www.kaffeeshop.hu/'],
  ] as const)('leads back to the shop of %s', (site, name, href) => {
    renderWithSupport(<BackToShopLink />, { site });
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });
});
