// The analytics half of the administration API: usage summed from what was metered, per key and per
// key and day across a UTC day boundary (injected clock), custom-tag reports in pages, and every 400.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CustomTagUsageReportResponse, UsageReportResponse } from '@workspace/contracts';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const engine = enEsEngine(async (segments) => segments.map((text) => ({ text: `es:${text}`, detectedSource: 'EN' })));
const BEFORE_MIDNIGHT = new Date('2026-11-21T23:59:58Z');
const AFTER_MIDNIGHT = new Date('2026-11-22T00:00:01Z');

let ctx: TestContext;
let clock = BEFORE_MIDNIGHT;
const keys: Record<'alpha' | 'beta', { key: string; key_id: string }> = {} as never;

const translate = (key: string, text: string, tag?: string) => {
  const call = request(ctx.app).post('/v2/translate').set(auth(key));
  if (tag) call.set('X-DeepL-Reporting-Tag', tag);
  return call.send({ text: [text], source_lang: 'EN', target_lang: 'ES' }).expect(200);
};
const analytics = (query: string) => request(ctx.app).get(`/v2/admin/analytics?${query}`).set(auth(ctx.adminKey));
const customTags = (query: string) => request(ctx.app).get(`/v2/admin/analytics/custom-tags?${query}`).set(auth(ctx.adminKey));

// alpha: 10 + 20 characters before midnight, 5 after; beta: 7 after; the admin key: 3 before.
beforeAll(async () => {
  ctx = await createTestContext({ engine, now: () => clock });
  for (const label of ['alpha', 'beta'] as const) {
    keys[label] = (await request(ctx.app).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label }).expect(200)).body;
  }
  clock = BEFORE_MIDNIGHT;
  await translate(keys.alpha.key, '0123456789', 'web');
  await translate(keys.alpha.key, 'x'.repeat(20), 'mobile');
  await translate(ctx.adminKey, 'abc');
  clock = AFTER_MIDNIGHT;
  await translate(keys.alpha.key, 'héllo', 'web'); // 5 code points, 6 bytes: billed by code points
  await translate(keys.beta.key, '1234567', 'web');
});
afterAll(() => ctx.close());

const counters = (characters: number) => ({
  total_characters: characters,
  text_translation_characters: characters,
  document_translation_characters: 0,
  text_improvement_characters: 0,
  speech_to_text_minutes: 0,
});

describe('GET /v2/admin/analytics', () => {
  it('sums every key’s metered characters over the range, dates echoed at midnight without a zone', async () => {
    const response = await analytics('start_date=2026-11-21&end_date=2026-11-22').expect(200);
    expect(UsageReportResponse.strict().parse(response.body)).toEqual(response.body);
    expect(response.body).toEqual({
      usage_report: { total_usage: counters(45), start_date: '2026-11-21T00:00:00', end_date: '2026-11-22T00:00:00' },
    });
  });

  it('groups by key with masked keys and labels, never the full key', async () => {
    const response = await analytics('start_date=2026-11-01&end_date=2026-11-30&group_by=key').expect(200);
    const report = response.body.usage_report;
    expect(report.group_by).toBe('key');
    expect(report.total_usage).toEqual(counters(45));
    const byLabel = Object.fromEntries(report.key_usages.map((usage: { api_key_label: string }) => [usage.api_key_label, usage]));
    expect(byLabel.alpha).toEqual({
      api_key: `${keys.alpha.key.slice(0, 4)}****${keys.alpha.key.slice(-4)}`,
      api_key_label: 'alpha',
      usage: counters(35),
    });
    expect(byLabel.beta.usage).toEqual(counters(7));
    expect(byLabel['test admin'].usage).toEqual(counters(3));
    const body = JSON.stringify(response.body);
    for (const secret of [keys.alpha.key, keys.beta.key, ctx.adminKey]) expect(body).not.toContain(secret);
  });

  it('groups by key and UTC day across midnight, usage_date ending in Z', async () => {
    const response = await analytics('start_date=2026-11-21&end_date=2026-11-22&group_by=key_and_day').expect(200);
    const rows = response.body.usage_report.key_and_day_usages.map(
      (row: { api_key_label: string; usage_date: string; usage: { total_characters: number } }) => [
        row.api_key_label,
        row.usage_date,
        row.usage.total_characters,
      ],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ['alpha', '2026-11-21T00:00:00Z', 30],
        ['test admin', '2026-11-21T00:00:00Z', 3],
        ['alpha', '2026-11-22T00:00:00Z', 5],
        ['beta', '2026-11-22T00:00:00Z', 7],
      ]),
    );
    expect(rows).toHaveLength(4);
    expect(response.body.usage_report.key_usages).toBeUndefined();
  });

  it('counts only the days in the range, both ends included', async () => {
    expect((await analytics('start_date=2026-11-22&end_date=2026-11-22').expect(200)).body.usage_report.total_usage).toEqual(counters(12));
    expect((await analytics('start_date=2026-11-21&end_date=2026-11-21').expect(200)).body.usage_report.total_usage).toEqual(counters(33));
    expect((await analytics('start_date=2026-10-01&end_date=2026-10-31').expect(200)).body.usage_report.total_usage).toEqual(counters(0));
  });

  it('takes an empty group_by as no grouping, and a whole leap year as the longest range', async () => {
    const response = await analytics('start_date=2024-01-01&end_date=2024-12-31&group_by=').expect(200);
    expect(response.body.usage_report).toEqual({
      total_usage: counters(0),
      start_date: '2024-01-01T00:00:00',
      end_date: '2024-12-31T00:00:00',
    });
  });

  it.each([
    ['end_date=2026-11-22', "Parameter 'start_date' not specified."],
    ['start_date=2026-11-22', "Parameter 'end_date' not specified."],
    ['start_date=2026-02-30&end_date=2026-03-01', /'start_date' not supported. Expected a date as YYYY-MM-DD/],
    ['start_date=22.11.2026&end_date=2026-11-23', /'start_date'/],
    ['start_date=2026-11-22&end_date=2026-11-21', /'end_date' must not be before 'start_date'/],
    ['start_date=2024-01-01&end_date=2025-01-01', 'Bad request. Reason: Date range cannot exceed 366 days.'],
    ['start_date=2026-11-01&end_date=2026-11-30&group_by=day', "Value for 'group_by' not supported. Allowed: '', 'key', 'key_and_day'."],
    [
      'start_date=2026-11-01&end_date=2026-11-30&groupby=key&group_by=day',
      "Value for 'group_by' not supported. Allowed: '', 'key', 'key_and_day'.",
    ],
    ['start_date=2026-11-01&start_date=2026-11-02&end_date=2026-11-30', "Parameter 'start_date' given 2 times; send it once."],
  ])('answers 400 for %s', async (query, message) => {
    const response = await analytics(query).expect(400);
    if (typeof message === 'string') expect(response.body.message).toBe(message);
    else expect(response.body.message).toMatch(message);
  });
});

describe('GET /v2/admin/analytics/custom-tags', () => {
  it('sums each tag over the period by default, tags in order, without usage_date', async () => {
    const response = await customTags('start_date=2026-11-21&end_date=2026-11-22').expect(200);
    expect(CustomTagUsageReportResponse.strict().parse(response.body)).toEqual(response.body);
    const breakdown = (characters: number) => ({
      total_characters: characters,
      text_translation_characters: characters,
      text_improvement_characters: 0,
      speech_to_text_minutes: 0,
      speech_to_speech_minutes: 0,
    });
    expect(response.body).toEqual({
      custom_tag_usage_report: {
        aggregate_by: 'period',
        start_date: '2026-11-21T00:00:00',
        end_date: '2026-11-22T00:00:00',
        next_page: null,
        usage: [
          { custom_tag: 'mobile', breakdown: breakdown(20) },
          { custom_tag: 'web', breakdown: breakdown(22) },
        ],
      },
    });
  });

  it('splits each tag by UTC day with aggregate_by=day', async () => {
    const response = await customTags('start_date=2026-11-21&end_date=2026-11-22&aggregate_by=day').expect(200);
    const rows = response.body.custom_tag_usage_report.usage.map(
      (item: { custom_tag: string; usage_date: string; breakdown: { total_characters: number } }) => [
        item.custom_tag,
        item.usage_date,
        item.breakdown.total_characters,
      ],
    );
    expect(rows).toEqual([
      ['mobile', '2026-11-21T00:00:00Z', 20],
      ['web', '2026-11-21T00:00:00Z', 10],
      ['web', '2026-11-22T00:00:00Z', 12],
    ]);
  });

  it('pages through 250 tags with next_page until it is null', async () => {
    clock = new Date('2026-11-10T12:00:00Z');
    const tags = Array.from({ length: 250 }, (_, i) => `tenant-${String(i).padStart(3, '0')}`);
    for (let i = 0; i < tags.length; i += 25) {
      await Promise.all(tags.slice(i, i + 25).map((tag) => translate(keys.beta.key, 'ab', tag)));
    }
    const seen: string[] = [];
    const pages: (number | null)[] = [];
    let page: number | null = 0;
    while (page !== null) {
      const report: { next_page: number | null; usage: { custom_tag: string; breakdown: { total_characters: number } }[] } = (
        await customTags(`start_date=2026-11-10&end_date=2026-11-10${page ? `&page=${page}` : ''}`).expect(200)
      ).body.custom_tag_usage_report;
      seen.push(...report.usage.map((item) => item.custom_tag));
      for (const item of report.usage) expect(item.breakdown.total_characters).toBe(2);
      pages.push(report.next_page);
      page = report.next_page;
    }
    expect(pages).toEqual([1, 2, null]);
    expect(seen).toEqual(tags);
    const beyond = await customTags('start_date=2026-11-10&end_date=2026-11-10&page=9').expect(200);
    expect(beyond.body.custom_tag_usage_report).toMatchObject({ usage: [], next_page: null });
  });

  it.each([
    [
      'start_date=2026-11-01&end_date=2026-11-30&aggregate_by=week',
      "Value for 'aggregate_by' not supported. Allowed: '', 'period', 'day'.",
    ],
    ['start_date=2026-11-01&end_date=2026-11-30&page=-1', /'page'/],
    ['start_date=2026-11-01&end_date=2026-11-30&page=two', /'page'/],
    ['start_date=2025-01-01&end_date=2026-11-30', 'Bad request. Reason: Date range cannot exceed 366 days.'],
    ['end_date=2026-11-30', "Parameter 'start_date' not specified."],
  ])('answers 400 for %s', async (query, message) => {
    const response = await customTags(query).expect(400);
    if (typeof message === 'string') expect(response.body.message).toBe(message);
    else expect(response.body.message).toMatch(message);
  });
});
