import { describe, expect, it } from '@jest/globals';
import { nameAfter } from '../src/migrate/migrations-dir.js';

describe('nameAfter', () => {
  it('keeps a generated name that already sorts after every existing migration', () => {
    expect(nameAfter(['20261122064554_init'], '20261122064555_add_field')).toBe('20261122064555_add_field');
  });

  it('moves a migration authored in the same second after the last one, so deploy applies it last', () => {
    expect(nameAfter(['20261122064555_init'], '20261122064555_add_field')).toBe('20261122064556_add_field');
  });

  it('leaves the first migration alone', () => {
    expect(nameAfter([], '20261122064555_init')).toBe('20261122064555_init');
  });
});
