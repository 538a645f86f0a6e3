import { describe, expect, it } from '@jest/globals';
import { AnalyticsQuery, CustomTagAnalyticsQuery, SetDeveloperKeyLimitsRequest } from '../src/translator-admin.js';
import { translatorValidationMessage } from '../src/translator.js';

const messageOf = (result: { success: boolean; error?: Parameters<typeof translatorValidationMessage>[0] }) =>
  result.success ? undefined : translatorValidationMessage(result.error!);

describe('AnalyticsQuery', () => {
  it('reads dates as the UTC midnight they start at', () => {
    expect(AnalyticsQuery.parse({ start_date: '2026-11-01', end_date: '2026-11-30', group_by: 'key' })).toEqual({
      start_date: new Date('2026-11-01T00:00:00Z'),
      end_date: new Date('2026-11-30T00:00:00Z'),
      group_by: 'key',
    });
  });

  it('allows 366 days counting both ends, not 367', () => {
    expect(AnalyticsQuery.safeParse({ start_date: '2024-01-01', end_date: '2024-12-31' }).success).toBe(true);
    expect(messageOf(AnalyticsQuery.safeParse({ start_date: '2024-01-01', end_date: '2025-01-01' }))).toBe(
      'Bad request. Reason: Date range cannot exceed 366 days.',
    );
  });

  it('refuses dates that do not exist', () => {
    expect(messageOf(AnalyticsQuery.safeParse({ start_date: '2025-02-29', end_date: '2025-03-01' }))).toMatch(/'start_date' not supported/);
  });
});

describe('CustomTagAnalyticsQuery', () => {
  it('defaults to the first page aggregated by period', () => {
    expect(CustomTagAnalyticsQuery.parse({ start_date: '2026-11-01', end_date: '2026-11-01', aggregate_by: '' })).toMatchObject({
      aggregate_by: 'period',
      page: 0,
    });
  });
});

describe('SetDeveloperKeyLimitsRequest', () => {
  it('keeps null (remove the limit) apart from a limit left out', () => {
    expect(SetDeveloperKeyLimitsRequest.parse({ key_id: 'k', characters: null })).toEqual({ key_id: 'k', characters: null });
    expect(SetDeveloperKeyLimitsRequest.parse({ key_id: 'k', speech_to_text_milliseconds: '60000' })).toEqual({
      key_id: 'k',
      speech_to_text_milliseconds: 60000,
    });
  });

  it('refuses limits past the exact range of JSON numbers', () => {
    expect(messageOf(SetDeveloperKeyLimitsRequest.safeParse({ key_id: 'k', characters: 2 ** 60 }))).toMatch(/'characters' not supported/);
  });
});
