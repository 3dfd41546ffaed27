import { describe, expect, it } from 'vitest';
import { matchHeaders, normaliseHeader, readLanguage } from './headers';

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
