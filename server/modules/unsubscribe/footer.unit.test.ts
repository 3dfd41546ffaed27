import { describe, expect, it } from 'vitest';
import { caslFooter, type OrganiserIdentity } from './footer';

const URL_ = 'https://maillage.example/u/AbC-_123';

const full: OrganiserIdentity = {
  name: 'Événements <Maillage> & fils',
  address: '1234, rue Sainte-Catherine Ouest\nMontréal (Québec)  H3B 1A7',
  email: 'info@maillage.test',
  phone: '+15145550123',
  website: 'maillage.example',
  project: { fr: 'Journée B2B « Montréal »', en: 'B2B Day "Montreal"' },
};

describe('the CASL footer of a campaign message', () => {
  it('identifies the organiser in French: name, project, mailing address, contacts, then the unsubscribe link', () => {
    const { text, html } = caslFooter('fr', { organiser: full, unsubscribeUrl: URL_ });
    expect(text).toBe(
      [
        '--',
        'Ce courriel vous est envoyé par Événements <Maillage> & fils au sujet de Journée B2B « Montréal ».',
        '1234, rue Sainte-Catherine Ouest, Montréal (Québec)  H3B 1A7',
        'Courriel : info@maillage.test · Téléphone : +1 514 555 0123 · Site Web : maillage.example',
        `Pour ne plus recevoir ces courriels, désabonnez-vous : ${URL_}`,
      ].join('\n'),
    );
    expect(html).toContain('Événements &#60;Maillage&#62; &#38; fils');
    expect(html).not.toContain('<Maillage>');
    expect(html).toContain('1234, rue Sainte-Catherine Ouest<br>Montréal (Québec)  H3B 1A7');
    expect(html).toContain('<a href="mailto:info@maillage.test"');
    expect(html).toContain('<a href="tel:+15145550123"');
    expect(html).toContain('<a href="https://maillage.example"');
    expect(html).toContain(
      `Pour ne plus recevoir ces courriels, <a href="${URL_}" style="color:#52606d">désabonnez-vous</a>.`,
    );
  });

  it('speaks English to an English reader, with the project’s English name', () => {
    const { text, html } = caslFooter('en', { organiser: full, unsubscribeUrl: URL_ });
    expect(text).toContain(
      'This e-mail is sent to you by Événements <Maillage> & fils about B2B Day "Montreal".',
    );
    expect(text).toContain('E-mail: info@maillage.test · Phone: +1 514 555 0123 · Website: maillage.example');
    expect(text).toContain(`To stop receiving these e-mails, unsubscribe: ${URL_}`);
    expect(html).toContain('B2B Day &#34;Montreal&#34;');
    expect(html).toContain('>unsubscribe</a>.');
  });

  it('leaves out what the company has not filled in, never an empty label', () => {
    const bare: OrganiserIdentity = {
      ...full,
      address: null,
      email: null,
      phone: null,
      website: null,
      project: { fr: 'Salon', en: '' },
    };
    const english = caslFooter('en', { organiser: bare, unsubscribeUrl: URL_ });
    expect(english.text).toBe(
      [
        '--',
        'This e-mail is sent to you by Événements <Maillage> & fils about Salon.',
        `To stop receiving these e-mails, unsubscribe: ${URL_}`,
      ].join('\n'),
    );
    expect(english.html).not.toMatch(/E-mail:|Phone:|Website:|<br>/);

    const phoneOnly = caslFooter('fr', {
      organiser: { ...bare, phone: '+33123456789' },
      unsubscribeUrl: URL_,
    });
    expect(phoneOnly.text.split('\n')[2]).toBe('Téléphone : +33 1 23 45 67 89');
    expect(phoneOnly.html).not.toContain('Courriel :');
  });

  it('escapes the link targets it writes', () => {
    const { html } = caslFooter('fr', {
      organiser: { ...full, website: 'https://x.example/?a=1&b="2"' },
      unsubscribeUrl: 'https://maillage.example/u/a"b',
    });
    expect(html).toContain('href="https://x.example/?a=1&#38;b=&#34;2&#34;"');
    expect(html).toContain('href="https://maillage.example/u/a&#34;b"');
  });
});
