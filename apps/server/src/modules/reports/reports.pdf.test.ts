import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, bearer, createTestContext, type TestContext } from '../../../test/helper';
import { addBigJob, addJob, addMachine, addSkips, type ReportOrg, reportOrg } from '../../../test/report-fixtures';
import { idOf } from '../../../test/fixtures';
import { SKIP_CATEGORY_LABELS, VERDICT_LABELS } from '@portal/contracts/completeness';
import { MIGRATION_STATUS_LABELS } from '@portal/contracts/labels';
import { LOCALES } from '@portal/contracts/locales';
import { MAILBOX_COUNT_STATUSES, TIME_ZONE_MSG } from '@portal/contracts/reports';
import { PDF_TEXT } from '../../lib/i18n/pdf-text';
import PDFDocument from 'pdfkit';
import { BOLD, type Column, fit, PAGE, PdfPages, REGULAR } from './reports.pdf-layout';
import { FOLDER_COLUMNS, MAILBOX_COLUMNS } from './reports.pdf-render';

let ctx: TestContext;
let org: ReportOrg;
let admin: string;
let user: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await reportOrg(ctx.handle.db);
  admin = await ctx.login(org.email('admin'));
  user = await ctx.login(org.email('user'));
  // ann skipped items in two folders (accepted: Complete with accepted skips); bob has missing items.
  const [ann, bob] = org.jobs.finance.mailboxIds;
  await addSkips(
    ctx.handle.db,
    ann!,
    '/Inbox',
    [
      { category: 'TooLarge', count: 2, samples: ['Quarterly results deck.pptx', 'Board video recording.mp4'] },
      { category: 'Corrupt', count: 1, samples: ['item-00017'] },
    ],
    { accepted: false },
  );
  await addSkips(
    ctx.handle.db,
    ann!,
    '/Sent Items',
    [{ category: 'PolicyFiltered', count: 4, samples: ['A', 'B', 'C', `${'Very long subject '.repeat(10)}end`] }],
    { accepted: true },
  );
  await addSkips(ctx.handle.db, bob!, '/Inbox', [], { missing: 3 });
});
afterAll(() => ctx.close());

const pdfOf = (token: string, jobId: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/report/job/${jobId}/pdf${query}`, headers: bearer(token) });
const mailboxPdfOf = (token: string, mailboxId: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/report/mailbox/${mailboxId}/pdf${query}`, headers: bearer(token) });

async function textOf(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text };
}

/** The roles of a page's structure tree (pdf.js reads it from the StructTreeRoot), depth first. */
async function rolesOf(bytes: Buffer, pageNumber: number): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const tree = await (await pdf.getPage(pageNumber)).getStructTree();
  const roles: string[] = [];
  const walk = (node: { role?: string; children?: unknown[] }) => {
    if (node.role) roles.push(node.role);
    for (const child of node.children ?? []) walk(child as { role?: string; children?: unknown[] });
  };
  walk(tree);
  return roles;
}

describe("a job's PDF", () => {
  it('is a PDF file named after the job: cover, figures, chart, verdict, mailbox table, folders with skips', async () => {
    const res = await pdfOf(admin, org.jobs.finance.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Migration_Report_Finance_wave.pdf"; filename*=UTF-8''Migration_Report_Finance_wave.pdf`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await textOf(res.rawPayload);
    expect(pages).toBe(3);
    for (const expected of [
      // The cover: the organisation (its top account), the job, who asked, when, in which zone.
      'MIGRATION REPORT',
      'Alex Admin',
      'Finance wave',
      'MIG-01',
      `Alex Admin (${org.email('admin')})`,
      'Requested by',
      'Per mailbox',
      'Start (UTC) 20/11/2026 08:00:00',
      'End (UTC) 20/11/2026 10:00:00',
      'UTC (all times in this report)',
      'Completed with errors',
      // The figures: items total, migrated, failed, skipped, filtered, completion.
      'Total items',
      'Migrated items',
      'Failed items',
      'Skipped items',
      'Filtered items',
      // The chart's labels and counts, in the text layer.
      'Mailboxes by status',
      `${MIGRATION_STATUS_LABELS.Completed} 1`,
      `${MIGRATION_STATUS_LABELS.Failed} 1`,
      // The job's verdict: a Failed mailbox makes it Incomplete.
      'Completeness',
      'Worst consistency: Poor',
      `${VERDICT_LABELS.Complete}: 0 · ${VERDICT_LABELS.CompleteWithAcceptedSkips}: 1 · ${VERDICT_LABELS.Incomplete}: 2`,
      // The mailbox table with its verdict and consistency columns.
      'Source Mailbox Target Mailbox Status Verdict Consistency Items Migrated Failed Skipped Completion',
      'ann@corp.example',
      'bob@new.corp.example',
      '87.50% (Poor)',
      '95.33% (Investigate)',
      // Folders by mailbox, with skipped items by reason and their samples.
      'Folders by mailbox',
      'ann@corp.example → ann@new.corp.example',
      `Skipped by reason: ${SKIP_CATEGORY_LABELS.TooLarge}: 2 · ${SKIP_CATEGORY_LABELS.Corrupt}: 1 · ${SKIP_CATEGORY_LABELS.PolicyFiltered}: 4`,
      'Too large: 2 skipped — e.g. Quarterly results deck.pptx; Board video recording.mp4',
      'Policy filtered: 4 skipped — e.g. A; B; C …',
      '/Sent Items',
      'No folders reported.',
      'Generated 21/11/2026 09:00:00 UTC',
      'All times are in UTC.',
      'Page 1 of 3',
      'Page 3 of 3',
    ]) {
      expect(text).toContain(expected);
    }
    for (const [label, value] of [
      ['Mailboxes', '3'],
      ['Completion', '100.00%'],
      ['Total items', '190'],
      ['Migrated items', '187'],
      ['Failed items', '2'],
      ['Skipped items', '0'],
    ] as const) {
      expect(text).toMatch(new RegExp(`${label}\\s+${value.replace('.', '\\.')}\\s`));
    }
    // Only three samples per reason are printed.
    expect(text).not.toContain('Very long subject');
  });

  it('is a tagged PDF: marked, with a structure tree, a language and its title shown', async () => {
    const res = await pdfOf(admin, org.jobs.finance.id);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
    expect(info).toMatchObject({ Title: 'Migration Report - Finance wave', Language: 'en' });
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(raw).toContain('/DisplayDocTitle true');
    expect(raw).toMatch(/^%PDF-1\.7/);
    const cover = await rolesOf(res.rawPayload, 1);
    for (const role of ['Document', 'H1', 'H2', 'L', 'LI', 'Lbl', 'LBody', 'Figure', 'P'])
      expect(cover).toContain(role);
    const table = await rolesOf(res.rawPayload, 2);
    expect(table).toEqual(expect.arrayContaining(['H2', 'Table', 'TBody']));
  });

  it("writes its times in the requester's time zone, and names it", async () => {
    const res = await pdfOf(admin, org.jobs.finance.id, '?timeZone=Europe/Paris');
    expect(res.statusCode).toBe(200);
    const { text } = await textOf(res.rawPayload);
    for (const expected of [
      'Start (Europe/Paris) 20/11/2026 09:00:00',
      'End (Europe/Paris) 20/11/2026 11:00:00',
      'Europe/Paris (all times in this report)',
      'All times are in Europe/Paris.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('UTC');
  });

  it("asked for no zone, writes in the account's own (Settings → Profile), else in UTC", async () => {
    const zoned = (token: string, timeZone: string | null) =>
      ctx.app.inject({ method: 'PUT', url: '/api/User/time-zone', headers: bearer(token), payload: { timeZone } });
    expect((await zoned(admin, 'Asia/Tokyo')).statusCode).toBe(200);
    try {
      const { text } = await textOf((await pdfOf(admin, org.jobs.finance.id)).rawPayload);
      expect(text).toContain('Asia/Tokyo (all times in this report)');
      expect(text).toContain('Start (Asia/Tokyo) 20/11/2026 17:00:00');
      const asked = await textOf((await pdfOf(admin, org.jobs.finance.id, '?timeZone=Europe/Paris')).rawPayload);
      expect(asked.text).toContain('Europe/Paris (all times in this report)');
    } finally {
      await zoned(admin, null);
    }
    const { text } = await textOf((await pdfOf(admin, org.jobs.finance.id)).rawPayload);
    expect(text).toContain('UTC (all times in this report)');
  });

  it('refuses an unknown time zone with a 400 naming the field, not a PDF in another zone', async () => {
    for (const zone of ['Mars/Olympus_Mons', 'Europe%2FParis%00', '']) {
      const res = await pdfOf(admin, org.jobs.finance.id, `?timeZone=${zone}`);
      expect(res.statusCode, zone).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const fields = (res.json().errors as { field: string }[]).map((error) => error.field);
      expect(new Set(fields), zone).toEqual(new Set(['timeZone']));
    }
    const res = await pdfOf(admin, org.jobs.finance.id, '?timeZone=Mars/Olympus_Mons');
    expect(res.json().errors).toEqual([{ field: 'timeZone', message: TIME_ZONE_MSG }]);
  });

  it('counts mailboxes by status in the words of the screens (contracts/labels.ts)', async () => {
    const { text } = await textOf((await pdfOf(admin, org.jobs.finance.id)).rawPayload);
    for (const status of MAILBOX_COUNT_STATUSES) expect(text).toContain(MIGRATION_STATUS_LABELS[status]);
    expect(text).not.toMatch(/Completed With Errors|CompletedWithErrors|InProgress/);
  });

  it('prints names in Cyrillic, Greek, Polish and other scripts as they are, not as "?"', async () => {
    const adminId = await idOf(ctx.handle.db, org.email('admin'));
    const machine = await addMachine(ctx.handle.db, adminId, 'Машина-01');
    const job = await addJob(ctx.handle.db, {
      machineId: machine,
      accountId: adminId,
      name: 'Łódź — Αθήνα — Москва',
      start: new Date(Date.UTC(2026, 10, 20, 8)),
      end: new Date(Date.UTC(2026, 10, 20, 9)),
      status: 'Completed',
      mailboxes: [
        {
          source: 'žofia.łukasiewicz@przykład.pl',
          target: 'αλέξης@παράδειγμα.gr',
          status: 'Completed',
          folders: [{ path: '/Входящие/Отчёты', total: 3, migrated: 3 }],
        },
        // CJK is outside the embedded font: a question mark, not an empty box.
        { source: 'wang.中@corp.example', status: 'Completed', folders: [] },
      ],
    });
    const res = await pdfOf(admin, job.id);
    expect(res.statusCode).toBe(200);
    const { text } = await textOf(res.rawPayload);
    for (const expected of [
      'Łódź — Αθήνα — Москва',
      'Машина-01',
      'žofia.łukasiewicz@przykład.pl',
      'αλέξης@παράδειγμα.gr',
      '/Входящие/Отчёты',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('wang.?@corp.example');
    expect(text).not.toContain('??');
  });

  it('prints "?" only for what its font cannot draw (CJK), and cuts long values', () => {
    const covers = (code: number) => code < 0x3000;
    expect(fit('Иван 中文', 20, covers)).toBe('Иван ??');
    expect(fit('Ünïcödé ✓', 20)).toBe('Ünïcödé ?');
    expect(fit('Ωmega'.repeat(10), 10, covers)).toBe('ΩmegaΩm...');
  });

  it('reads every mailbox once across keyset batches, in order, on numbered pages', async () => {
    const jobId = await addBigJob(ctx.handle.db, {
      machineId: org.machines.mig1,
      accountId: org.accounts.admin,
      name: 'Big wave',
      start: org.at(10),
      count: 1_100,
      folders: 2,
    });
    const res = await pdfOf(admin, jobId);
    expect(res.statusCode).toBe(200);
    const { pages, text } = await textOf(res.rawPayload);
    const sources = [...text.matchAll(/mbx-(\d{5})@big\.example/g)].map((match) => Number(match[1]));
    // Each mailbox in the table, then again above its folders: newest first, ties by id.
    expect(sources).toHaveLength(2_200);
    const table = sources.slice(0, 1_100);
    expect(new Set(table).size).toBe(1_100);
    expect(new Set(sources.slice(1_100))).toEqual(new Set(table));
    const starts = table.map((n) => Math.floor(n / 3));
    expect(starts[0]).toBe(Math.floor(1_100 / 3));
    expect(starts.every((start, i) => i === 0 || start <= (starts[i - 1] ?? 0))).toBe(true);
    expect(text.match(/\/Folder 002/g)).toHaveLength(1_100);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(pages).toBeGreaterThan(40);
  });

  it('answers 404 in the JSON envelope for a job outside the scope, and 400 for a malformed id', async () => {
    for (const [token, jobId] of [
      [user, org.jobs.finance.id],
      [admin, org.jobs.other.id],
      [admin, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await pdfOf(token, jobId);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ success: false, message: 'Job not found', requestId: expect.any(String) });
    }
    expect((await pdfOf(user, org.jobs.sales.id)).statusCode).toBe(200);
    expect((await pdfOf(admin, 'not-a-job')).statusCode).toBe(400);
  });
});

describe("a mailbox's PDF", () => {
  it("is the job report's layout for one mailbox: its figures, verdict, consistency, skips by reason, folders", async () => {
    const ann = org.jobs.finance.mailboxIds[0]!;
    const res = await mailboxPdfOf(admin, ann, '?timeZone=Europe/Berlin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Migration_Report_Finance_wave_ann_corp.example.pdf"; filename*=UTF-8''Migration_Report_Finance_wave_ann_corp.example.pdf`,
    );
    const { pages, text } = await textOf(res.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      'MAILBOX REPORT',
      'Alex Admin',
      'ann@corp.example → ann@new.corp.example',
      'Job Finance wave',
      'Machine MIG-01',
      'Start (Europe/Berlin) 20/11/2026 09:01:00',
      'Europe/Berlin (all times in this report)',
      VERDICT_LABELS.CompleteWithAcceptedSkips,
      'Consistency 95.33% (Investigate)',
      'Accepted skipped items: 7 of 7',
      'Skipped by reason: Too large: 2 · Corrupt: 1 · Policy filtered: 4',
      'Folder Items Migrated Failed Skipped Missing Verdict',
      '/Inbox',
      'Corrupt: 1 skipped — e.g. item-00017',
      'All times are in Europe/Berlin.',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(
      /Total items\s+150\s+Migrated items\s+150\s+Failed items\s+0\s+Filtered items\s+0\s+Skipped items\s+7/,
    );
    expect(text).not.toContain('UTC');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });
  });

  it('says a mailbox without folders has none, and its verdict in the words of the screens', async () => {
    const cyd = org.jobs.finance.mailboxIds[2]!;
    const { text } = await textOf((await mailboxPdfOf(admin, cyd)).rawPayload);
    expect(text).toContain('No folders reported.');
    expect(text).toContain(MIGRATION_STATUS_LABELS.Failed);
    expect(text).toContain(VERDICT_LABELS.Incomplete);
  });

  it("answers 404 for a mailbox outside the scope (another organisation's, a User's foreign one), 400 otherwise", async () => {
    for (const [token, mailboxId] of [
      [admin, org.jobs.other.mailboxIds[0]!],
      [user, org.jobs.finance.mailboxIds[0]!],
      [admin, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await mailboxPdfOf(token, mailboxId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Mailbox not found', requestId: expect.any(String) });
    }
    expect((await mailboxPdfOf(user, org.jobs.sales.mailboxIds[0]!)).statusCode).toBe(200);
    expect((await mailboxPdfOf(admin, 'not-a-mailbox')).statusCode).toBe(400);
    const zone = await mailboxPdfOf(admin, org.jobs.finance.mailboxIds[0]!, '?timeZone=Mars/Olympus_Mons');
    expect(zone.statusCode).toBe(400);
    expect(zone.json().errors).toEqual([{ field: 'timeZone', message: TIME_ZONE_MSG }]);
  });
});

describe("the PDFs in the requester's language (decision 052)", () => {
  const language = (token: string, locale: string | null) => apiCall(ctx, 'PUT', '/User/language', token, { locale });
  const metadataOf = async (bytes: Buffer) => {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    return ((await pdf.getMetadata()) as unknown as { info: Record<string, unknown> }).info;
  };

  it("follows a German account's choice: cover, chart, verdict, tables, statuses, pages, /Lang de", async () => {
    await language(admin, 'de');
    try {
      // The account's choice wins over the browser's.
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/report/job/${org.jobs.finance.id}/pdf`,
        headers: { ...bearer(admin), 'accept-language': 'fr' },
      });
      expect(res.statusCode).toBe(200);
      const { pages, text } = await textOf(res.rawPayload);
      expect(pages).toBe(3);
      for (const expected of [
        'MIGRATIONSBERICHT',
        'Angefordert von',
        'Pro Postfach',
        'Beginn (UTC) 20/11/2026 08:00:00',
        'UTC (alle Zeiten in diesem Bericht)',
        'Mit Fehlern abgeschlossen',
        'Elemente gesamt',
        'Postfächer nach Status',
        'Abgeschlossen 1',
        'Fehlgeschlagen 1',
        'Schlechteste Konsistenz: Schlecht',
        'Vollständig: 0 · Vollständig mit akzeptierten Auslassungen: 1 · Unvollständig: 2',
        'Vollst. m. akzept. Auslass.',
        'Quellpostfach Zielpostfach Status Bewertung Konsistenz Elemente Migriert Fehler Übersp. Fortschr.',
        '87.50% (Schlecht)',
        '95.33% (Prüfen)',
        'Ordner nach Postfach',
        'Übersprungen nach Grund: Zu groß: 2 · Beschädigt: 1 · Durch Richtlinie gefiltert: 4',
        'Zu groß: 2 übersprungen — z. B. Quarterly results deck.pptx; Board video recording.mp4',
        'Keine Ordner gemeldet.',
        'Erstellt 21/11/2026 09:00:00 UTC · Alle Zeiten in UTC.',
        'Seite 1 von 3',
        'Seite 3 von 3',
      ]) {
        expect(text).toContain(expected);
      }
      for (const english of ['Requested by', 'Migrated items', 'Page 1 of', 'All times are in', 'skipped', 'Poor'])
        expect(text).not.toContain(english);
      expect(await metadataOf(res.rawPayload)).toMatchObject({
        Title: 'Migrationsbericht - Finance wave',
        Language: 'de',
      });
      const mailbox = await textOf((await mailboxPdfOf(admin, org.jobs.finance.mailboxIds[2]!)).rawPayload);
      for (const expected of ['POSTFACHBERICHT', 'Quellpostfach', 'Fehlgeschlagen', 'Unvollständig', 'Seite 1 von 1'])
        expect(mailbox.text).toContain(expected);
    } finally {
      await language(admin, null);
    }
  });

  it('follows the browser (Accept-Language) without a chosen language, and gives an API key English', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/report/mailbox/${org.jobs.finance.mailboxIds[0]!}/pdf`,
      headers: { ...bearer(admin), 'accept-language': 'fr-CA, fr;q=0.9, en;q=0.5' },
    });
    const { text } = await textOf(res.rawPayload);
    for (const expected of [
      'RAPPORT DE BOÎTE AUX LETTRES',
      'Boîte aux lettres source',
      'Complet avec éléments ignorés acceptés',
      'Cohérence 95.33% (À examiner)',
      'Éléments ignorés acceptés : 7 sur 7',
      // The right column's lines are cut at 70 characters, as in English.
      'Ignorés par motif : Trop volumineux : 2 · Corrompu : 1 · Filtré par...',
      'Corrompu : 1 ignoré — p. ex. item-00017',
      'Dossier Éléments Migrés Échecs Ignorés Absents Verdict',
      'Page 1 sur 1',
    ])
      expect(text).toContain(expected);
    expect(await metadataOf(res.rawPayload)).toMatchObject({ Language: 'fr' });

    await language(admin, 'de');
    try {
      const created = await apiCall(ctx, 'POST', '/ApiKey', admin, { name: 'PDF reader', scopes: ['read'] });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const key = (created.body.data as { key: string }).key;
      const english = await pdfOf(key, org.jobs.finance.id);
      expect(english.statusCode).toBe(200);
      const { text: keyText } = await textOf(english.rawPayload);
      expect(keyText).toContain('Requested by');
      expect(keyText).toContain(', API key PDF reader');
      expect(keyText).toContain('Page 1 of 3');
      expect(await metadataOf(english.rawPayload)).toMatchObject({ Language: 'en' });
      const asked = await ctx.app.inject({
        method: 'GET',
        url: `/api/report/job/${org.jobs.finance.id}/pdf`,
        headers: { ...bearer(key), 'accept-language': 'es' },
      });
      const spanish = await textOf(asked.rawPayload);
      expect(spanish.text).toContain('Solicitado por');
      expect(spanish.text).toContain(', clave de API');
      expect(spanish.text).toContain('Página 1 de 3');
    } finally {
      await language(admin, null);
    }
  });

  it("writes Japanese in English (no CJK font embedded), and every language fits the tables' columns", async () => {
    await language(admin, 'ja');
    try {
      const res = await pdfOf(admin, org.jobs.finance.id);
      const { text } = await textOf(res.rawPayload);
      expect(text).toContain('MIGRATION REPORT');
      expect(text).not.toContain('?');
      expect(await metadataOf(res.rawPayload)).toMatchObject({ Language: 'en' });
    } finally {
      await language(admin, null);
    }
    // Each title, status and verdict fits its column's width (the next column's start, or the
    // right-aligned figure's width), as the font measures it.
    const pages = new PdfPages(new PDFDocument({ autoFirstPage: false }));
    pages.newPage();
    const fits = (columns: readonly Column[], i: number, value: string, bold: boolean, what: string) => {
      pages.style(bold ? BOLD : REGULAR, 7);
      const column = columns[i]!;
      const room = column.width ?? (columns[i + 1]?.x ?? PAGE.right) - column.x - 2;
      expect(pages.widthOf(value), what).toBeLessThanOrEqual(room);
    };
    for (const locale of LOCALES) {
      const words = PDF_TEXT[locale];
      words.mailboxColumns.forEach((title, i) => fits(MAILBOX_COLUMNS, i, title, true, `${locale} ${title}`));
      words.folderColumns.forEach((title, i) => fits(FOLDER_COLUMNS, i, title, true, `${locale} ${title}`));
      for (const status of Object.values(words.tableStatuses)) fits(MAILBOX_COLUMNS, 2, status, false, locale);
      for (const verdict of Object.values(words.tableVerdicts)) {
        fits(MAILBOX_COLUMNS, 3, verdict, false, locale);
        fits(FOLDER_COLUMNS, 6, verdict, false, locale);
      }
    }
  });
});
