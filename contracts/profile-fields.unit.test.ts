import { describe, expect, it } from 'vitest';
import {
  choiceLabels,
  type InputType,
  type ProfileFieldRule,
  participantProfileSchema,
  profileFieldInput,
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

describe('choice fields (related items)', () => {
  const ITEMS = {
    health: '30000000-0000-4000-8000-000000000001',
    rnd: '30000000-0000-4000-8000-000000000002',
    energy: '30000000-0000-4000-8000-000000000003',
  };
  const items = [
    { id: ITEMS.health, label: { fr: 'Santé', en: 'Health' } },
    { id: ITEMS.rnd, label: { fr: 'Recherche, développement', en: 'R&D' } },
    { id: ITEMS.energy, label: { fr: 'Énergie', en: '' } },
  ];
  const sector = custom(CUSTOM.diet, 'choice', { items });
  const interests = custom(CUSTOM.notes, 'choices', { items });
  const profileOf = (fields: ProfileFieldRule[], profile: Record<string, string>) =>
    participantProfileSchema(fields).parse({ profile }).profile;

  it('reads a single choice as an item id, named by its id or its label in either language', () => {
    for (const given of [ITEMS.health, 'Santé', ' sante ', 'HEALTH', 'Sânté']) {
      expect(profileOf([sector], { [CUSTOM.diet]: given }), given).toEqual({ [CUSTOM.diet]: ITEMS.health });
    }
    expect(profileOf([sector], { [CUSTOM.diet]: 'recherche, DÉVELOPPEMENT' })).toEqual({
      [CUSTOM.diet]: ITEMS.rnd,
    });
    expect(issuesOf([sector], { profile: { [CUSTOM.diet]: 'Mines' } })).toEqual([
      `profile.${CUSTOM.diet}: validation.profileFields.choiceUnknown|value=Mines`,
    ]);
    expect(issuesOf([sector], { profile: { [CUSTOM.diet]: 'Santé; Énergie' } })).toHaveLength(1);
    expect(profileOf([sector], { [CUSTOM.diet]: '' })).toEqual({});
  });

  it('reads a multiple choice separated by « ; » or « , » as ids joined by a comma, in the items’ order, each once', () => {
    expect(profileOf([interests], { [CUSTOM.notes]: 'Énergie; health;sante' })).toEqual({
      [CUSTOM.notes]: `${ITEMS.health},${ITEMS.energy}`,
    });
    expect(profileOf([interests], { [CUSTOM.notes]: 'energie, Santé' })).toEqual({
      [CUSTOM.notes]: `${ITEMS.health},${ITEMS.energy}`,
    });
    // A label with a comma: alone, or among others separated by « ; ».
    expect(profileOf([interests], { [CUSTOM.notes]: 'Recherche, développement' })).toEqual({
      [CUSTOM.notes]: ITEMS.rnd,
    });
    expect(profileOf([interests], { [CUSTOM.notes]: 'Énergie; Recherche, développement' })).toEqual({
      [CUSTOM.notes]: `${ITEMS.rnd},${ITEMS.energy}`,
    });
    // What the form sends back: the stored ids.
    expect(profileOf([interests], { [CUSTOM.notes]: `${ITEMS.energy},${ITEMS.health}` })).toEqual({
      [CUSTOM.notes]: `${ITEMS.health},${ITEMS.energy}`,
    });
    expect(issuesOf([interests], { profile: { [CUSTOM.notes]: 'Santé; Mines; Pêche' } })).toEqual([
      `profile.${CUSTOM.notes}: validation.profileFields.choiceUnknown|value=Mines`,
    ]);
    expect(profileOf([interests], { [CUSTOM.notes]: ' ; , ' })).toEqual({});
  });

  it('requires one item at least when mandatory', () => {
    const fields = [
      { ...sector, isMandatory: true },
      { ...interests, isMandatory: true },
    ];
    expect(issuesOf(fields, { profile: { [CUSTOM.notes]: ' ; ' } })).toEqual([
      `profile.${CUSTOM.diet}: validation.empty`,
      `profile.${CUSTOM.notes}: validation.empty`,
    ]);
  });

  it('knows no answer when the rules carry no items, and quotes an unknown answer safely', () => {
    expect(issuesOf([custom(CUSTOM.diet, 'choice')], { profile: { [CUSTOM.diet]: 'Santé' } })).toHaveLength(
      1,
    );
    const [issue] = issuesOf([sector], { profile: { [CUSTOM.diet]: `a|b=c${'x'.repeat(100)}` } });
    expect(issue).toMatch(/choiceUnknown\|value=a b cx+…$/);
    expect(issue.length).toBeLessThan(160);
  });

  it('shows an answer as its labels in the reader’s language, the other one if empty, unknown ids left out', () => {
    const value = `${ITEMS.energy},${ITEMS.health},00000000-0000-4000-8000-00000000dead`;
    expect(choiceLabels(value, items, 'fr')).toEqual(['Santé', 'Énergie']);
    expect(choiceLabels(value, items, 'en')).toEqual(['Health', 'Énergie']);
    expect(choiceLabels('', items, 'en')).toEqual([]);
    expect(choiceLabels(undefined, items, 'fr')).toEqual([]);
  });

  it('creates a choice field with one item at least, labels distinct in either language', () => {
    const title = { fr: 'Secteur', en: 'Sector' };
    const issues = (value: unknown) =>
      (profileFieldInput.safeParse(value).error?.issues ?? []).map(
        (i) => `${i.path.join('.')}: ${i.message}`,
      );
    expect(issues({ title, inputType: 'choice' })).toEqual([
      'itemLabels: validation.profileFields.itemsRequired',
    ]);
    expect(
      issues({
        title,
        inputType: 'choices',
        itemLabels: [
          { fr: 'Santé', en: '' },
          { fr: 'Soins', en: 'SANTE' },
        ],
      }),
    ).toEqual(['itemLabels.1.fr: validation.profileFields.itemDuplicate']);
    // An item may have the same label in both languages; other types need no items.
    expect(issues({ title, inputType: 'choice', itemLabels: [{ fr: 'Finance', en: 'Finance' }] })).toEqual(
      [],
    );
    expect(issues({ title, inputType: 'text' })).toEqual([]);
  });
});
