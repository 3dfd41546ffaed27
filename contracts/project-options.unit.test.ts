import { describe, expect, it } from 'vitest';
import { en, fr } from '../locales';
import {
  displayedValue,
  findOption,
  MODULE_OPTIONS,
  OPTION_GROUPS,
  PROJECT_OPTIONS,
  resolveOptions,
  setProjectOption,
  storedValue,
} from './project-options';

const lookup = (catalogue: object, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('the options registry (J3)', () => {
  it('gives each option its own id and key', () => {
    const ids = PROJECT_OPTIONS.map((o) => o.id);
    const keys = PROJECT_OPTIONS.map((o) => o.key);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
  });

  it('keeps option 54 as the taxes', () => {
    expect(findOption(54)).toMatchObject({ key: 'taxes', group: 'payments' });
    expect(fr.projectConfig.options.items.taxes.label).toBe('Activer les taxes');
  });

  it('has the modules the wizard offers, and options of opposite meaning that are not modules', () => {
    expect(MODULE_OPTIONS.map((o) => o.key)).toEqual([
      'agenda',
      'matchmaking',
      'questionnaire',
      'emailCampaigns',
      'registrationPayments',
      'reports',
    ]);
    expect(MODULE_OPTIONS.every((o) => o.group === 'modules')).toBe(true);
    const opposite = PROJECT_OPTIONS.filter((o) => o.opposite);
    expect(opposite.length).toBeGreaterThanOrEqual(2);
    expect(opposite.some((o) => o.module)).toBe(false);
    expect(opposite.map((o) => o.key)).toContain('hideParticipantList');
  });

  it('puts every option in a known group, with a label and a description in French and English', () => {
    for (const option of PROJECT_OPTIONS) {
      expect(OPTION_GROUPS).toContain(option.group);
      for (const catalogue of [fr, en]) {
        expect(typeof lookup(catalogue, option.labelKey), option.labelKey).toBe('string');
        expect(typeof lookup(catalogue, option.descriptionKey), option.descriptionKey).toBe('string');
      }
    }
  });

  it('flips the value of an option of opposite meaning on screen only, and back', () => {
    const hide = findOption(30);
    const taxes = findOption(54);
    if (!hide || !taxes) throw new Error('missing options');
    // "Hide the participant list" stored true: the switch "Show the participant list" is off.
    expect(displayedValue(hide, true)).toBe(false);
    expect(storedValue(hide, false)).toBe(true);
    expect(displayedValue(taxes, true)).toBe(true);
    for (const value of [true, false]) expect(storedValue(hide, displayedValue(hide, value))).toBe(value);
  });

  it('gives the default of an option never saved, the saved value otherwise', () => {
    const values = resolveOptions(new Map([[54, true]]));
    expect(values).toHaveLength(PROJECT_OPTIONS.length);
    expect(values.find((o) => o.id === 54)?.value).toBe(true);
    expect(values.find((o) => o.id === 10)?.value).toBe(findOption(10)?.default);
  });

  it('accepts only known ids in a save', () => {
    expect(setProjectOption.body?.safeParse({ optionId: 54, value: true })?.success).toBe(true);
    const unknown = setProjectOption.body?.safeParse({ optionId: 999, value: true });
    expect(unknown?.error?.issues[0]).toMatchObject({
      path: ['optionId'],
      message: 'validation.projectConfig.unknownOption',
    });
  });
});
