import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { escapeHtml, renderInscriptionMail } from './templates';

const base = {
  firstName: 'Élise',
  lastName: 'Bouchard',
  projectName: 'Journée B2B Montréal',
  startsOn: '2027-06-01',
  endsOn: '2027-06-02',
  timeZone: 'America/Toronto',
  contactEmail: 'bonjour@maillage.test',
};

describe('the inscription message', () => {
  it('speaks French: subject, greeting by first name, dates in French, the organiser’s address', () => {
    const mail = renderInscriptionMail({ ...base, language: 'fr' });
    expect(mail.subject).toBe('Votre inscription à Journée B2B Montréal');
    expect(mail.text).toContain('Bonjour Élise,');
    expect(mail.text).toContain('du 1er juin 2027 au 2 juin 2027');
    expect(mail.text).toContain('bonjour@maillage.test');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Bonjour Élise,');
    expect(mail.html).toContain('1er juin 2027');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/mail\.templates|\{\{/);
  });

  it('speaks English, with English dates; a one-day event says its one day', () => {
    const mail = renderInscriptionMail({ ...base, language: 'en', projectName: 'Montréal B2B Day' });
    expect(mail.subject).toBe('Your registration for Montréal B2B Day');
    expect(mail.text).toContain('Hello Élise,');
    expect(mail.text).toContain('from June 1, 2027 to June 2, 2027');
    const oneDay = renderInscriptionMail({ ...base, language: 'en', endsOn: '2027-06-01' });
    expect(oneDay.text).toContain('on June 1, 2027.');
    expect(oneDay.text).not.toContain('from June');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/mail\.templates|\{\{/);
  });

  it('shows a calendar date as it is, whatever the time zone', () => {
    const mail = renderInscriptionMail({ ...base, language: 'fr', timeZone: 'Pacific/Honolulu' });
    expect(mail.text).toContain('1er juin 2027');
  });

  it('leaves out the contact line when the organiser has no address', () => {
    const mail = renderInscriptionMail({ ...base, language: 'fr', contactEmail: null });
    expect(mail.text).not.toContain('écrivez-nous');
  });

  it('escapes every value in the HTML, and leaves the subject and the text as typed', () => {
    const mail = renderInscriptionMail({
      ...base,
      language: 'en',
      firstName: '<img src=x onerror=alert(1)>',
      projectName: 'R&D "Day" <script>',
      contactEmail: 'a"b@example.test',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(mail.html).toContain('R&#38;D &#34;Day&#34; &#60;script&#62;');
    expect(mail.html).toContain('a&#34;b@example.test');
    expect(mail.subject).toBe('Your registration for R&D "Day" <script>');
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });

  it('escapeHtml turns the five HTML characters into references', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});

describe('mail settings (MAIL_FROM, SMTP_*)', () => {
  it('without SMTP, messages are kept; the default sender is Maillage', () => {
    const { mail } = loadConfig({});
    expect(mail).toEqual({
      from: 'Maillage <no-reply@maillage.local>',
      domain: 'maillage.local',
      smtp: null,
      ratePerMinute: 0,
      staleSendingMs: 600_000,
      campaignChunk: 250,
      campaignPauseMs: 0,
    });
  });

  it('derives the stale-sending delay from the SMTP time limit (ten times it)', () => {
    const { mail } = loadConfig({ SMTP_HOST: 'mail.example.test', SMTP_TIMEOUT_SECONDS: '5' });
    expect(mail.smtp?.timeoutMs).toBe(5_000);
    expect(mail.staleSendingMs).toBe(50_000);
  });

  it('reads an SMTP URL, with its user and password', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://me%40x.test:p%3Ass@mail.example.test:2525' }).mail.smtp).toEqual({
      host: 'mail.example.test',
      port: 2525,
      secure: false,
      user: 'me@x.test',
      password: 'p:ss',
      timeoutMs: 60_000,
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.test' }).mail.smtp).toMatchObject({
      port: 465,
      secure: true,
    });
  });

  it('reads separate SMTP settings', () => {
    const env = { SMTP_HOST: 'mail.example.test', SMTP_USER: 'u', SMTP_PASSWORD: 'p', SMTP_SECURE: 'true' };
    expect(loadConfig(env).mail.smtp).toEqual({
      host: 'mail.example.test',
      port: 465,
      secure: true,
      user: 'u',
      password: 'p',
      timeoutMs: 60_000,
    });
    expect(loadConfig({ SMTP_HOST: 'mail.example.test' }).mail.smtp).toMatchObject({
      port: 587,
      user: undefined,
    });
  });

  it('refuses settings that cannot work', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.test' })).toThrow('SMTP_URL');
    expect(() => loadConfig({ SMTP_URL: 'smtp://a', SMTP_HOST: 'b' })).toThrow('SMTP_URL and SMTP_HOST');
    expect(() => loadConfig({ SMTP_USER: 'u', SMTP_PASSWORD: 'p' })).toThrow('SMTP_HOST');
    expect(() => loadConfig({ SMTP_HOST: 'h', SMTP_USER: 'u' })).toThrow('SMTP_PASSWORD');
    expect(() => loadConfig({ SMTP_HOST: 'h', SMTP_PORT: '70000' })).toThrow('SMTP_PORT');
    expect(() => loadConfig({ MAIL_FROM: 'Maillage' })).toThrow('MAIL_FROM');
    expect(loadConfig({ MAIL_FROM: 'events@example.test' }).mail.domain).toBe('example.test');
  });
});
