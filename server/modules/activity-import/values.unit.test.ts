import { describe, expect, it } from 'vitest';
import { matchActivityHeaders } from './headers';
import { readDuration, readHybridType, readMaxMembers, readStart, readType, readYesNo } from './values';

describe('the cells of an activity file (V1 import)', () => {
  it('reads a start as a local time, with the offset that says which of two instants it is', () => {
    expect(readStart('2027-06-01 09:30')).toEqual({ local: '2027-06-01T09:30' });
    expect(readStart('2027-06-01T9h05')).toEqual({ local: '2027-06-01T09:05' });
    expect(readStart('2027-06-01 09:30:00')).toEqual({ local: '2027-06-01T09:30' });
    expect(readStart('2027-11-07 01:30 -05:00')).toEqual({ local: '2027-11-07T01:30', offset: '-05:00' });
    expect(readStart('2027-11-07 01:30-0400')).toEqual({ local: '2027-11-07T01:30', offset: '-04:00' });
    expect(readStart('2027-11-07 01:30 UTC-4')).toEqual({ local: '2027-11-07T01:30', offset: '-04:00' });
    expect(readStart('2027-11-07 06:30Z')).toEqual({ local: '2027-11-07T06:30', offset: '+00:00' });
    expect(readStart('')).toBeUndefined();
    expect(readStart('2027-06-01')).toBeNull();
    expect(readStart('demain matin')).toBeNull();
  });

  it('reads durations, yes/no, limits and the words of types in either language', () => {
    expect([readDuration('90'), readDuration('90 min'), readDuration('1:30'), readDuration('1h30')]).toEqual([
      90, 90, 90, 90,
    ]);
    expect([readDuration('2 h'), readDuration(''), readDuration('1:75'), readDuration('long')]).toEqual([
      120,
      undefined,
      null,
      null,
    ]);
    expect([
      readYesNo('Oui'),
      readYesNo('no'),
      readYesNo('x'),
      readYesNo(''),
      readYesNo('peut-être'),
    ]).toEqual([true, false, true, undefined, null]);
    expect([
      readMaxMembers('120'),
      readMaxMembers('0'),
      readMaxMembers('Illimité'),
      readMaxMembers(''),
    ]).toEqual([120, null, null, undefined]);
    expect(readMaxMembers('beaucoup')).toBe('invalid');
    expect([
      readType('Séance'),
      readType('kiosk'),
      readType('Rencontre d’affaires'),
      readType('Bal'),
    ]).toEqual(['session', 'kiosk', 'meeting', null]);
    expect([readHybridType('En présentiel'), readHybridType('online'), readHybridType('HYBRIDE')]).toEqual([
      'inPerson',
      'virtual',
      'hybrid',
    ]);
  });

  it('matches the headers of the template in both languages and the usual synonyms', () => {
    expect(
      matchActivityHeaders(['Titre FR', 'Titre EN', 'Début', 'Durée (minutes)', 'Lieu', 'Note']),
    ).toEqual(['titleFr', 'titleEn', 'startsAt', 'durationMinutes', 'location', null]);
    expect(matchActivityHeaders(['French title', 'English title', 'Start', 'Category', 'Capacity'])).toEqual([
      'titleFr',
      'titleEn',
      'startsAt',
      'category',
      'maxMembers',
    ]);
  });
});
