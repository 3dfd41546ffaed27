import { describe, expect, it } from 'vitest';
import { nameLookup, normaliseHeader, readLanguage } from '../spreadsheet-import/headers';
import { matchHeaders } from './headers';

describe('matching the columns of an import (U3)', () => {
  const own = [
    { id: '3f1c2a8e-0000-4000-8000-000000000001', titleFr: 'Secteur d’activité', titleEn: 'Industry' },
  ];

  it('reads French headers, accents and case ignored', () => {
    expect(
      matchHeaders(
        ['COURRIEL', 'Prénom', 'Nom', 'Entreprise', 'Poste', 'Téléphone', 'Rôle', 'Groupes', 'Langue'],
        own,
      ),
    ).toEqual([
      'email',
      'firstName',
      'lastName',
      'organisation',
      'jobTitle',
      'phone',
      'role',
      'groups',
      'language',
    ]);
  });

  it('reads English headers and the own fields by their French or English title', () => {
    expect(
      matchHeaders(
        [
          'E-mail',
          'First Name',
          'Last name',
          'Organization',
          'Job title',
          'Phone',
          'Role',
          'Groups',
          'Industry',
        ],
        own,
      ),
    ).toEqual([
      'email',
      'firstName',
      'lastName',
      'organisation',
      'jobTitle',
      'phone',
      'role',
      'groups',
      `profile.${own[0].id}`,
    ]);
    expect(matchHeaders(['secteur d’activité'], own)).toEqual([`profile.${own[0].id}`]);
  });

  it('matches a question of the questionnaire by its French or English title, after the fields', () => {
    const questions = [
      { id: 'q1', titleFr: 'Secteur d’activité', titleEn: 'Sector' },
      { id: 'q2', titleFr: 'Langue', titleEn: 'Spoken language' },
    ];
    expect(matchHeaders(['  SECTEUR D’ACTIVITE ', 'spoken-language', 'Langue'], [], questions)).toEqual([
      'question.q1',
      'question.q2',
      'language',
    ]);
    expect(matchHeaders(['sector'], [], questions)).toEqual(['question.q1']);
  });

  it('leaves unknown columns and second columns of a field unmapped', () => {
    expect(matchHeaders(['Email', 'Courriel', 'Remarque'], [])).toEqual(['email', null, null]);
  });

  it('normalises headers and languages', () => {
    expect(normaliseHeader('  Pré-nom ')).toBe('pre nom');
    expect(readLanguage('Français')).toBe('fr');
    expect(readLanguage('english')).toBe('en');
    expect(readLanguage('')).toBeUndefined();
    expect(readLanguage('klingon')).toBeNull();
  });
});

describe('finding a role or group by the name a cell gives (U3)', () => {
  const id = (n: number) => `3f1c2a8e-0000-4000-8000-00000000000${n}`;
  const find = nameLookup([
    { id: id(1), nameFr: 'Santé', nameEn: 'Health' },
    { id: id(2), nameFr: 'C++', nameEn: 'C++' },
    { id: id(3), nameFr: 'C#', nameEn: 'C#' },
    { id: id(4), nameFr: 'Montréal', nameEn: 'Montreal' },
  ]);

  it('takes the French or English name, case and accents aside', () => {
    expect(find('Santé')).toBe(id(1));
    expect(find('HEALTH')).toBe(id(1));
    expect(find(' sante ')).toBe(id(1));
    expect(find('MONTREAL')).toBe(id(4));
  });

  it('tells apart names that differ only by punctuation, and refuses a loose match they share', () => {
    expect(find('C++')).toBe(id(2));
    expect(find('c#')).toBe(id(3));
    expect(find('C')).toBeUndefined();
    expect(find('Ottawa')).toBeUndefined();
  });
});
