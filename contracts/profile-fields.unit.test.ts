import { describe, expect, it } from 'vitest';
import {
  type InputType,
  type ProfileFieldRule,
  participantProfileSchema,
  STANDARD_FIELD_KEYS,
  STANDARD_INPUT_TYPES,
  type StandardFieldKey,
} from './profile-fields';

const CUSTOM = {
  diet: '00000000-0000-4000-8000-000000000001',
  age: '00000000-0000-4000-8000-000000000002',
  arrival: '00000000-0000-4000-8000-000000000003',
  vegan: '00000000-0000-4000-8000-000000000004',
  site: '00000000-0000-4000-8000-000000000005',
  assistant: '00000000-0000-4000-8000-000000000006',
  notes: '00000000-0000-4000-8000-000000000007',
};

const standard = (key: StandardFieldKey, rule: Partial<ProfileFieldRule> = {}): ProfileFieldRule => ({
  id: `10000000-0000-4000-8000-0000000000${String(STANDARD_FIELD_KEYS.indexOf(key)).padStart(2, '0')}`,
  standardKey: key,
  inputType: STANDARD_INPUT_TYPES[key],
  isActive: true,
  isMandatory: ['firstName', 'lastName', 'email'].includes(key),
  ...rule,
});
const custom = (
  id: string,
  inputType: InputType,
  rule: Partial<ProfileFieldRule> = {},
): ProfileFieldRule => ({
  id,
  standardKey: null,
  inputType,
  isActive: true,
  isMandatory: false,
  ...rule,
});

const everyStandard = STANDARD_FIELD_KEYS.map((key) => standard(key));
const person = { firstName: 'Gabrielle', lastName: 'Roy', email: ' Gabrielle.Roy@Example.test ' };

/** The field paths of the issues, with their messages: what the form shows under each field. */
function issuesOf(fields: ProfileFieldRule[], values: unknown) {
  const result = participantProfileSchema(fields).safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('participantProfileSchema', () => {
  it('requires first name, last name and e-mail, and reads the e-mail in lower case', () => {
    expect(issuesOf(everyStandard, {})).toEqual([
      'firstName: validation.empty',
      'lastName: validation.empty',
      'email: validation.empty',
    ]);
    const parsed = participantProfileSchema(everyStandard).parse(person);
    expect(parsed).toMatchObject({
      firstName: 'Gabrielle',
      email: 'gabrielle.roy@example.test',
      profile: {},
    });
    // Optional fields left out come out as null.
    expect(parsed).toMatchObject({ organisation: null, phone: null, pictureFileId: null, videoUrl: null });
  });

  it('keeps first name, last name and e-mail mandatory even if a stored row says otherwise', () => {
    const fields = [standard('firstName', { isActive: false, isMandatory: false }), standard('email')];
    expect(issuesOf(fields, { email: 'a@b.test' })).toEqual(['firstName: validation.empty']);
  });

  it('reads active fields only: the values of inactive ones are dropped, never required', () => {
    const fields = [
      ...everyStandard.map((f) =>
        f.standardKey === 'organisation' ? { ...f, isActive: false, isMandatory: true } : f,
      ),
      custom(CUSTOM.diet, 'text', { isActive: false, isMandatory: true }),
      custom(CUSTOM.age, 'number'),
    ];
    const parsed = participantProfileSchema(fields).parse({
      ...person,
      organisation: 'Maillage',
      profile: { [CUSTOM.diet]: 'Végétarien', [CUSTOM.age]: '42' },
    });
    expect(parsed).not.toHaveProperty('organisation');
    expect(parsed.profile).toEqual({ [CUSTOM.age]: '42' });
  });

  it('requires a mandatory field of the organiser’s own, and leaves empty optional ones out', () => {
    const fields = [custom(CUSTOM.diet, 'text', { isMandatory: true }), custom(CUSTOM.notes, 'longText')];
    expect(issuesOf(fields, {})).toEqual([`profile.${CUSTOM.diet}: validation.empty`]);
    expect(issuesOf(fields, { profile: { [CUSTOM.diet]: '   ' } })).toEqual([
      `profile.${CUSTOM.diet}: validation.empty`,
    ]);
    // P8: a required text has two characters at least.
    expect(issuesOf(fields, { profile: { [CUSTOM.diet]: 'x' } })).toEqual([
      `profile.${CUSTOM.diet}: validation.required`,
    ]);
    const parsed = participantProfileSchema(fields).parse({
      profile: { [CUSTOM.diet]: ' Sans gluten ', [CUSTOM.notes]: '' },
    });
    expect(parsed.profile).toEqual({ [CUSTOM.diet]: 'Sans gluten' });
  });

  it('checks each value by its type', () => {
    const fields = [
      custom(CUSTOM.age, 'number'),
      custom(CUSTOM.arrival, 'date'),
      custom(CUSTOM.vegan, 'yesNo'),
      custom(CUSTOM.site, 'url'),
      custom(CUSTOM.assistant, 'email'),
      custom(CUSTOM.notes, 'longText'),
    ];
    expect(
      issuesOf(fields, {
        profile: {
          [CUSTOM.age]: 'douze',
          [CUSTOM.arrival]: '2027-02-30',
          [CUSTOM.vegan]: 'peut-être',
          [CUSTOM.site]: 'javascript:alert(1)',
          [CUSTOM.assistant]: 'pas un courriel',
          [CUSTOM.notes]: 'x'.repeat(4001),
        },
      }),
    ).toEqual([
      `profile.${CUSTOM.age}: validation.profileFields.number`,
      `profile.${CUSTOM.arrival}: validation.date`,
      `profile.${CUSTOM.vegan}: validation.profileFields.yesNo`,
      `profile.${CUSTOM.site}: validation.url`,
      `profile.${CUSTOM.assistant}: validation.email`,
      `profile.${CUSTOM.notes}: validation.tooLong|maximum=4000`,
    ]);
    const parsed = participantProfileSchema(fields).parse({
      profile: {
        [CUSTOM.age]: ' 3,5 ',
        [CUSTOM.arrival]: '2027-06-10',
        [CUSTOM.vegan]: 'yes',
        [CUSTOM.site]: 'https://maillage.example/profil',
        [CUSTOM.assistant]: 'Aide@Example.test',
      },
    });
    expect(parsed.profile).toEqual({
      [CUSTOM.age]: '3.5',
      [CUSTOM.arrival]: '2027-06-10',
      [CUSTOM.vegan]: 'yes',
      [CUSTOM.site]: 'https://maillage.example/profil',
      [CUSTOM.assistant]: 'aide@example.test',
    });
  });

  it('normalises phone numbers (P9), checks the language, the video link and the file ids', () => {
    const fields = [
      ...everyStandard.filter((f) => f.standardKey !== 'phonePro'),
      standard('phonePro', { isMandatory: true }),
    ];
    expect(
      issuesOf(fields, {
        ...person,
        phone: '123',
        phonePro: '',
        language: 'de',
        videoUrl: 'not a link',
        pictureFileId: 'photo.jpg',
      }),
    ).toEqual([
      'phone: validation.phone',
      'language: validation.language',
      'pictureFileId: validation.id',
      'videoUrl: validation.url',
      'phonePro: validation.empty',
    ]);
    const parsed = participantProfileSchema(fields).parse({
      ...person,
      phone: '514 555-1234',
      phonePro: '(418) 555-0199 poste 12',
      language: 'en',
      cvFileId: '20000000-0000-4000-8000-000000000001',
    });
    expect(parsed).toMatchObject({
      phone: '+15145551234',
      phonePro: '+14185550199;ext=12',
      language: 'en',
      cvFileId: '20000000-0000-4000-8000-000000000001',
      pictureFileId: null,
    });
  });

  it('refuses a text over 200 characters and keeps a lone « < » as written', () => {
    const fields = [custom(CUSTOM.diet, 'text')];
    expect(issuesOf(fields, { profile: { [CUSTOM.diet]: 'x'.repeat(201) } })).toEqual([
      `profile.${CUSTOM.diet}: validation.tooLong|maximum=200`,
    ]);
    expect(
      participantProfileSchema(fields).parse({ profile: { [CUSTOM.diet]: 'Prix < 100 $' } }).profile,
    ).toEqual({
      [CUSTOM.diet]: 'Prix < 100 $',
    });
  });
});
