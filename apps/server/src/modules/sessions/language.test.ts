import { LANGUAGE_SETTING_MSG } from '@portal/contracts/settings';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addAccount, signIn } from '../../../test/fixtures';
import { apiCall, useTestContext } from '../../../test/helper';
import { acceptedLocales } from '../../lib/i18n/locale';

const ctx = useTestContext();

async function twoSessions() {
  const email = `lang.${Math.random().toString(36).slice(2)}@example.com`;
  await addAccount(ctx.handle.db, { email, name: 'Lena Lang', roles: ['Admin'] });
  const { first } = await signIn(ctx, { first: email });
  const { second } = await signIn(ctx, { second: email });
  return { email, first, second };
}
const localeOf = async (token: string) => {
  const me: { locale: string | null } = (await apiCall(ctx, 'GET', '/User/me', token)).body.data;
  return me.locale;
};

describe('a person’s language (decision 052)', () => {
  it('is kept on the account, every session answers it at once, and the answer speaks it', async () => {
    const { first, second } = await twoSessions();
    expect(await localeOf(first)).toBeNull();

    const saved = await apiCall(ctx, 'PUT', '/User/language', first, { locale: ' de ' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Sprache gespeichert.');
    expect(saved.body.data).toMatchObject({ name: 'Lena Lang', locale: 'de' });
    expect(await localeOf(first)).toBe('de');
    expect(await localeOf(second)).toBe('de');

    const cleared = await apiCall(ctx, 'PUT', '/User/language', second, { locale: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe("The portal now follows this browser's language.");
    expect(await localeOf(first)).toBeNull();
  });

  it('refuses what is not a language of the portal, with the field’s message, and keeps the one chosen', async () => {
    const { first } = await twoSessions();
    await apiCall(ctx, 'PUT', '/User/language', first, { locale: 'ja' });
    for (const locale of ['xx', '', 'DE', 'de-DE', 'en\u0000', 42, ['de']]) {
      const res = await apiCall(ctx, 'PUT', '/User/language', first, { locale });
      expect(res.status, String(locale)).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({ field: 'locale' });
      // A NUL character has a message of its own, as in every text field.
      if (locale !== 'en\u0000') expect(res.body.errors?.[0]?.message).toBe(LANGUAGE_SETTING_MSG.unknown);
    }
    expect((await apiCall(ctx, 'PUT', '/User/language', first, {})).status).toBe(400);
    expect(await localeOf(first)).toBe('ja');
  });

  it('is a language the database knows, whatever writes the row', async () => {
    const { email } = await twoSessions();
    const refused = await ctx.handle.db
      .execute(sql`update accounts set locale = 'klingon' where email = ${email}`)
      .then(
        () => null,
        (error: unknown) => error as Error & { cause?: Error },
      );
    expect(String(refused?.cause?.message ?? refused?.message)).toMatch(/accounts_locale_known/);
  });

  it('answers the return to the browser’s language in the browser’s language', async () => {
    const { first } = await twoSessions();
    await apiCall(ctx, 'PUT', '/User/language', first, { locale: 'ja' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/User/language',
      headers: { authorization: `Bearer ${first}`, 'accept-language': 'es-MX,es;q=0.9' },
      payload: { locale: null },
    });
    expect(res.json()).toMatchObject({ message: 'El portal sigue ahora el idioma de este navegador.' });
  });

  it('heads an API key’s exports in English whatever its owner chose, unless the integration asks', async () => {
    const { first } = await twoSessions();
    await apiCall(ctx, 'PUT', '/User/language', first, { locale: 'de' });
    const created = await apiCall(ctx, 'POST', '/ApiKey', first, { name: 'Reports reader', scopes: ['read'] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const key = (created.body.data as { key: string }).key;
    const headerLine = async (headers: Record<string, string> = {}) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/User/child-accounts/export',
        headers: { authorization: `Bearer ${key}`, ...headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    };
    expect(await headerLine()).toMatch(/^Name,Email,/);
    expect(await headerLine({ 'accept-language': 'es' })).toMatch(/^Nombre,Correo electrónico,/);
  });

  it('imports a Users export headed in German as it is', async () => {
    const { first } = await twoSessions();
    await apiCall(ctx, 'PUT', '/User/language', first, { locale: 'de' });
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/User/child-accounts/export',
      headers: { authorization: `Bearer ${first}` },
    });
    const header = exported.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toBe('Name,E-Mail,Rollen,Status,Pool,Erstellt');
    const email = `de.import.${Math.random().toString(36).slice(2)}@example.com`;
    const file = `${header}\r\nDora Deutsch,${email},User,Active,,\r\n`;
    const uploaded = await apiCall(ctx, 'POST', '/User/imports', first, { fileName: 'benutzer.csv', csv: file });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
    const rows = await apiCall(ctx, 'GET', `/User/imports/${(uploaded.body.data as { id: string }).id}/rows`, first);
    expect(rows.body.data).toMatchObject([{ email, role: 'User', plan: 'Create' }]);
  });

  it('heads the person’s CSV exports in it, else in the language their browser asks for', async () => {
    const { first } = await twoSessions();
    const headerLine = async (headers: Record<string, string> = {}) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/User/child-accounts/export',
        headers: { authorization: `Bearer ${first}`, ...headers },
      });
      expect(res.statusCode).toBe(200);
      return res.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    };
    expect(await headerLine()).toMatch(/^Name,Email,/);
    expect(await headerLine({ 'accept-language': 'fr-CA, fr;q=0.9, en;q=0.5' })).toMatch(/^Nom,E-mail,/);
    await apiCall(ctx, 'PUT', '/User/language', first, { locale: 'ja' });
    expect(await headerLine({ 'accept-language': 'fr' })).toMatch(/^名前,メールアドレス,/);
  });
});

describe('mail in the recipient’s language (decision 052)', () => {
  it('sends the password reset link in the language the person chose, over SMTP', async () => {
    const { email, first } = await twoSessions();
    await apiCall(ctx, 'PUT', '/User/language', first, { locale: 'de' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/User/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    const mail = await ctx.mail.waitFor(email, /Passwort zurücksetzen/);
    expect(mail.text).toContain('Der Link gilt einmal und läuft in');
    expect(mail.text).toMatch(/Passwort zurücksetzen: http\S+reset-password/);
    expect(mail.html).toContain('lang="de"');
  });
});

describe('acceptedLocales', () => {
  it('orders the languages by their weight, keeps the order of equals, and drops the ones refused', () => {
    // de-CH is German; * at 0.1 lets English in last; ja is refused.
    expect(acceptedLocales('de-CH, fr;q=0.5, es;q=0.9, ja;q=0, *;q=0.1')).toEqual(['de', 'es', 'fr', 'en']);
    expect(acceptedLocales(undefined)).toEqual([]);
    expect(acceptedLocales('en, de')).toEqual(['en', 'de']);
    expect(acceptedLocales('pt-BR, xx')).toEqual([]);
  });
});
