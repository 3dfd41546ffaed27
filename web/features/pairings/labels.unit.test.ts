import { describe, expect, it } from 'vitest';
import { tableHasOwnName } from './labels';

describe('tableHasOwnName', () => {
  it('hides the default name « Table N » of table N, keeps any other', () => {
    expect(tableHasOwnName({ number: 3, name: 'Table 3' })).toBe(false);
    expect(tableHasOwnName({ number: 3, name: ' table 3 ' })).toBe(false);
    expect(tableHasOwnName({ number: 3, name: '' })).toBe(false);
    expect(tableHasOwnName({ number: 3, name: null })).toBe(false);
    expect(tableHasOwnName({ number: 3, name: 'Table 4' })).toBe(true);
    expect(tableHasOwnName({ number: 3, name: 'Table des commanditaires' })).toBe(true);
  });
});
